-- The feed's core: users, their photos, where the photos were taken, and comments.
-- Times are integer milliseconds since 1970-01-01 UTC; states are small closed vocabularies.

CREATE TABLE user (
    id           INTEGER PRIMARY KEY,
    username     TEXT    NOT NULL UNIQUE,
    full_name    TEXT    NOT NULL,
    avatar_url   TEXT    NOT NULL,
    avatar_state TEXT    NOT NULL DEFAULT 'pending' CHECK (avatar_state IN ('pending', 'loaded', 'failed'))
);

-- Coordinates come with the photo; place name, region and country are filled in later by the
-- reverse-geocode job (NULL until then, and for places far from any city, like the open sea).
CREATE TABLE location (
    id            INTEGER PRIMARY KEY,
    latitude      REAL    NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude     REAL    NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    place_name    TEXT,
    region        TEXT,
    country       TEXT,
    geocode_state TEXT    NOT NULL DEFAULT 'pending' CHECK (geocode_state IN ('pending', 'resolved', 'failed'))
);

-- content_version goes up whenever something a cell shows changes (caption, likes, image
-- state, location names): it keys the layout cache.
CREATE TABLE photo (
    id              INTEGER PRIMARY KEY,
    owner_id        INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
    location_id     INTEGER REFERENCES location(id) ON DELETE SET NULL,
    url             TEXT    NOT NULL,
    pixel_width     INTEGER NOT NULL CHECK (pixel_width > 0),
    pixel_height    INTEGER NOT NULL CHECK (pixel_height > 0),
    title           TEXT    NOT NULL DEFAULT '',
    description     TEXT    NOT NULL DEFAULT '',
    likes           INTEGER NOT NULL DEFAULT 0 CHECK (likes >= 0),
    uploaded_at     INTEGER NOT NULL,
    image_state     TEXT    NOT NULL DEFAULT 'pending' CHECK (image_state IN ('pending', 'loaded', 'failed')),
    content_version INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX photo_owner_id ON photo(owner_id);
CREATE INDEX photo_location_id ON photo(location_id);
-- The feed: newest first, ties broken by id (keyset pagination on (uploaded_at, id)).
CREATE INDEX photo_feed ON photo(uploaded_at DESC, id DESC);

CREATE TABLE comment (
    id         INTEGER PRIMARY KEY,
    photo_id   INTEGER NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
    author_id  INTEGER NOT NULL REFERENCES user(id) ON DELETE CASCADE,
    body       TEXT    NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX comment_photo_id ON comment(photo_id);
CREATE INDEX comment_author_id ON comment(author_id);
