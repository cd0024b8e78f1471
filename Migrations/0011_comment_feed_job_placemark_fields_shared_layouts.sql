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

-- Identical cells share one layout. cell_layout holds one layout per (layout-input fingerprint,
-- cell kind, size range, scale): the cells of every photo whose texts, structure and engine are
-- the same have the same layout there, once. layout_cache stays one row per (photo, cell kind,
-- size range, scale): the photo's link to the layout its cell has, with the fingerprint and
-- engine version it was computed or confirmed for, the photo's content version then, and the
-- layout's size (the report's heights, the relayout's height changes). A lookup serves a shared
-- layout only through a link that holds the request's fingerprint and engine version, so a
-- stale entry is never served. Links without a fingerprint (written before 0010) share nothing.
CREATE TABLE cell_layout (
    fingerprint    BLOB    NOT NULL,
    cell_kind      TEXT    NOT NULL,
    min_width      REAL    NOT NULL,
    min_height     REAL    NOT NULL,
    max_width      REAL    NOT NULL,
    max_height     REAL    NOT NULL,
    scale          REAL    NOT NULL CHECK (scale > 0),
    engine_version INTEGER NOT NULL,
    width          REAL    NOT NULL,
    height         REAL    NOT NULL,
    -- LayoutBlob: packed little-endian frames (see LayoutBlob.swift).
    frames         BLOB    NOT NULL,
    computed_at    INTEGER NOT NULL,
    PRIMARY KEY (fingerprint, cell_kind, min_width, min_height, max_width, max_height, scale)
) WITHOUT ROWID;
INSERT OR REPLACE INTO cell_layout (fingerprint, cell_kind, min_width, min_height, max_width, max_height, scale,
                                    engine_version, width, height, frames, computed_at)
    SELECT fingerprint, cell_kind, min_width, min_height, max_width, max_height, scale, engine_version, width,
           height, frames, computed_at
    FROM layout_cache WHERE fingerprint IS NOT NULL ORDER BY computed_at, photo_id;

CREATE TABLE layout_cache_link (
    photo_id        INTEGER NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
    cell_kind       TEXT    NOT NULL,
    min_width       REAL    NOT NULL,
    min_height      REAL    NOT NULL,
    max_width       REAL    NOT NULL,
    max_height      REAL    NOT NULL,
    scale           REAL    NOT NULL CHECK (scale > 0),
    content_version INTEGER NOT NULL,
    engine_version  INTEGER NOT NULL,
    width           REAL    NOT NULL,
    height          REAL    NOT NULL,
    computed_at     INTEGER NOT NULL,
    fingerprint     BLOB,
    PRIMARY KEY (photo_id, cell_kind, min_width, min_height, max_width, max_height, scale)
) WITHOUT ROWID;
INSERT INTO layout_cache_link (photo_id, cell_kind, min_width, min_height, max_width, max_height, scale,
                               content_version, engine_version, width, height, computed_at, fingerprint)
    SELECT photo_id, cell_kind, min_width, min_height, max_width, max_height, scale, content_version,
           engine_version, width, height, computed_at, fingerprint
    FROM layout_cache;
DROP TABLE layout_cache;
ALTER TABLE layout_cache_link RENAME TO layout_cache;
