-- The synthetic set a database holds: `seed --generate N --rng-seed S` records N and S here, in
-- the transaction that writes the rows; seeding refuses another N or S. At most one row.
CREATE TABLE generated_seed (
    id          integer PRIMARY KEY CHECK (id = 1),
    photo_count integer NOT NULL CHECK (photo_count >= 1),
    rng_seed    text    NOT NULL  -- the generator's UInt64 seed, in decimal
);
