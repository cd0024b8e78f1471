-- The comment feed as a sync job of its own, as ASDKgram fetches it: a photo's comments are not
-- in its cell until its comment-feed job has completed (photo.comments_loaded = 1). Completing
-- the job sets the flag and bumps the photo's content version; the cell then lays out again.
ALTER TABLE photo ADD COLUMN comments_loaded INTEGER NOT NULL DEFAULT 0
    CHECK (comments_loaded = 0 OR comments_loaded = 1);

-- sync_job's kind CHECK gains 'comment-feed'. SQLite cannot alter a CHECK constraint: the table
-- is rebuilt (create, copy, drop, rename) and its indexes made again, as in 0007.
CREATE TABLE sync_job_new (
    id          INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL
        CHECK (kind = 'image' OR kind = 'avatar' OR kind = 'geocode' OR kind = 'comment-feed'),
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

-- Every photo already stored gets a pending comment-feed job and starts with its comments not
-- loaded, exactly as seeding creates it. Marking them loaded instead would leave `sync` nothing
-- to do for them and a database that no seed produces (seeding the same photos again would add
-- pending jobs whose photos already show their comments). The job is due when the photo's image
-- job is (the daemon's virtual clock starts at the earliest pending job), else at once.
INSERT INTO sync_job (kind, target_id, next_run_at)
    SELECT 'comment-feed', p.id,
           COALESCE((SELECT j.next_run_at FROM sync_job j WHERE j.kind = 'image' AND j.target_id = p.id), 0)
    FROM photo p ORDER BY p.id;

-- The placemark fields ASDKgram's location label reads (docs/feed.md, "Location"). A city keeps
-- its GeoNames admin1 and admin2 names (seed-data/cities.tsv); reverse geocoding copies them to
-- the location with the sub-locality (the district of a GeoNames name that has one). Locations
-- resolved before keep NULL here (their label stays the country) until geocoded again.
ALTER TABLE city ADD COLUMN administrative_area TEXT;
ALTER TABLE city ADD COLUMN sub_administrative_area TEXT;
ALTER TABLE location ADD COLUMN sub_locality TEXT;
ALTER TABLE location ADD COLUMN administrative_area TEXT;
ALTER TABLE location ADD COLUMN sub_administrative_area TEXT;
