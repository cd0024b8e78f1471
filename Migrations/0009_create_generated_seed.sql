-- The synthetic set a database holds: `seed --generate N --rng-seed S` records N and S here, in
-- the transaction that writes the rows. Generated rows have fixed ids (from one billion up), so
-- another N or S would replace rows of the same ids with different ones and leave locations of
-- the old set behind; seeding refuses such a run. At most one row.
CREATE TABLE generated_seed (
    id          INTEGER PRIMARY KEY CHECK (id = 1),
    photo_count INTEGER NOT NULL CHECK (photo_count >= 1),
    rng_seed    TEXT    NOT NULL  -- the generator's UInt64 seed, in decimal
);
