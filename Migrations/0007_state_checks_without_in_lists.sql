-- The state and kind CHECK constraints as chains of equalities instead of IN lists. SQLite
-- evaluates an IN list of three or more constants through a temporary B-tree that it builds and
-- frees at every row the constraint checks, so each INSERT and each state UPDATE of these tables
-- paid for one (about half the cost of the sync daemon's job and asset updates). The accepted
-- values are unchanged.
--
-- SQLite cannot alter a CHECK constraint: each table is rebuilt (create, copy, drop, rename)
-- and its indexes made again. GRDB's migrator runs this with foreign keys off and checks them
-- before commit, so dropping a parent table cascades nothing.

CREATE TABLE user_new (
    id           INTEGER PRIMARY KEY,
    username     TEXT    NOT NULL UNIQUE,
    full_name    TEXT    NOT NULL,
    avatar_url   TEXT    NOT NULL,
    avatar_state TEXT    NOT NULL DEFAULT 'pending'
        CHECK (avatar_state = 'pending' OR avatar_state = 'loaded' OR avatar_state = 'failed')
);
INSERT INTO user_new (id, username, full_name, avatar_url, avatar_state)
    SELECT id, username, full_name, avatar_url, avatar_state FROM user;
DROP TABLE user;
ALTER TABLE user_new RENAME TO user;

CREATE TABLE location_new (
    id            INTEGER PRIMARY KEY,
    latitude      REAL    NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude     REAL    NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    place_name    TEXT,
    region        TEXT,
    country       TEXT,
    geocode_state TEXT    NOT NULL DEFAULT 'pending'
        CHECK (geocode_state = 'pending' OR geocode_state = 'resolved' OR geocode_state = 'failed')
);
INSERT INTO location_new (id, latitude, longitude, place_name, region, country, geocode_state)
    SELECT id, latitude, longitude, place_name, region, country, geocode_state FROM location;
DROP TABLE location;
ALTER TABLE location_new RENAME TO location;

CREATE TABLE photo_new (
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
    image_state     TEXT    NOT NULL DEFAULT 'pending'
        CHECK (image_state = 'pending' OR image_state = 'loaded' OR image_state = 'failed'),
    content_version INTEGER NOT NULL DEFAULT 1
);
INSERT INTO photo_new (id, owner_id, location_id, url, pixel_width, pixel_height, title, description, likes,
                       uploaded_at, image_state, content_version)
    SELECT id, owner_id, location_id, url, pixel_width, pixel_height, title, description, likes,
           uploaded_at, image_state, content_version FROM photo;
DROP TABLE photo;
ALTER TABLE photo_new RENAME TO photo;
CREATE INDEX photo_owner_id ON photo(owner_id);
CREATE INDEX photo_location_id ON photo(location_id);
CREATE INDEX photo_feed ON photo(uploaded_at DESC, id DESC);

CREATE TABLE sync_job_new (
    id          INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL CHECK (kind = 'image' OR kind = 'avatar' OR kind = 'geocode'),
    target_id   INTEGER NOT NULL,
    state       TEXT    NOT NULL DEFAULT 'pending'
        CHECK (state = 'pending' OR state = 'running' OR state = 'done' OR state = 'failed'),
    attempts    INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_run_at INTEGER NOT NULL,
    result      TEXT
);
INSERT INTO sync_job_new (id, kind, target_id, state, attempts, next_run_at, result)
    SELECT id, kind, target_id, state, attempts, next_run_at, result FROM sync_job;
DROP TABLE sync_job;
ALTER TABLE sync_job_new RENAME TO sync_job;
CREATE UNIQUE INDEX sync_job_target ON sync_job(kind, target_id);
CREATE INDEX sync_job_due ON sync_job(state, next_run_at);
