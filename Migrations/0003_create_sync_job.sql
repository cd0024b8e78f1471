-- Work for the sync daemon: download a photo's image or a user's avatar, reverse-geocode a
-- location. target_id names a photo, user or location depending on kind.
CREATE TABLE sync_job (
    id          INTEGER PRIMARY KEY,
    kind        TEXT    NOT NULL CHECK (kind IN ('image', 'avatar', 'geocode')),
    target_id   INTEGER NOT NULL,
    state       TEXT    NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'running', 'done', 'failed')),
    attempts    INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_run_at INTEGER NOT NULL,
    result      TEXT
);
CREATE UNIQUE INDEX sync_job_target ON sync_job(kind, target_id);
-- The daemon's poll: the next due pending jobs.
CREATE INDEX sync_job_due ON sync_job(state, next_run_at);
