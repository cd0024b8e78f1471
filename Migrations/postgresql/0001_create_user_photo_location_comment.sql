-- The feed's core on PostgreSQL: users, their photos, where the photos were taken, and comments;
-- the same tables, columns and constraints as the SQLite schema (Migrations/0001 to 0010).
-- Times are bigint milliseconds since 1970-01-01 UTC; states are small closed vocabularies.
-- "user" is a reserved word in PostgreSQL, so the table's name is always quoted.

CREATE TABLE "user" (
    id           bigint PRIMARY KEY,
    username     text   NOT NULL UNIQUE,
    full_name    text   NOT NULL,
    avatar_url   text   NOT NULL,
    avatar_state text   NOT NULL DEFAULT 'pending' CHECK (avatar_state IN ('pending', 'loaded', 'failed'))
);

-- Coordinates come with the photo; place name, region and country are filled in later by the
-- reverse-geocode job (NULL until then, and for places far from any city).
CREATE TABLE location (
    id            bigint           PRIMARY KEY,
    latitude      double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude     double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    place_name    text,
    region        text,
    country       text,
    geocode_state text             NOT NULL DEFAULT 'pending'
        CHECK (geocode_state IN ('pending', 'resolved', 'failed'))
);

-- content_version goes up whenever something a cell shows changes.
CREATE TABLE photo (
    id              bigint  PRIMARY KEY,
    owner_id        bigint  NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
    location_id     bigint  REFERENCES location(id) ON DELETE SET NULL,
    url             text    NOT NULL,
    pixel_width     integer NOT NULL CHECK (pixel_width > 0),
    pixel_height    integer NOT NULL CHECK (pixel_height > 0),
    title           text    NOT NULL DEFAULT '',
    description     text    NOT NULL DEFAULT '',
    likes           integer NOT NULL DEFAULT 0 CHECK (likes >= 0),
    uploaded_at     bigint  NOT NULL,
    image_state     text    NOT NULL DEFAULT 'pending' CHECK (image_state IN ('pending', 'loaded', 'failed')),
    content_version bigint  NOT NULL DEFAULT 1
);
CREATE INDEX photo_owner_id ON photo(owner_id);
CREATE INDEX photo_location_id ON photo(location_id);
-- The feed: newest first, ties broken by id (keyset pagination on (uploaded_at, id)).
CREATE INDEX photo_feed ON photo(uploaded_at DESC, id DESC);

CREATE TABLE comment (
    id         bigint PRIMARY KEY,
    photo_id   bigint NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
    author_id  bigint NOT NULL REFERENCES "user"(id) ON DELETE CASCADE,
    body       text   NOT NULL,
    created_at bigint NOT NULL
);
-- A photo's comments in display order (oldest first, ties by id); also indexes the foreign key.
CREATE INDEX comment_photo_order ON comment(photo_id, created_at, id);
CREATE INDEX comment_author_id ON comment(author_id);
