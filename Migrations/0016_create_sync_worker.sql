-- Each sync worker's running totals, one row per worker name (its lease owner): what its commits
-- committed since the name was first used. A worker's leased commit adds its counts to its row in
-- the transaction that commits its batch, so the totals are exactly what was committed, whichever
-- process ran the worker, and a worker started again under the same name goes on from them: each
-- total only ever grows. Relayouts, made after a commit, are added with a later commit, or when
-- the worker goes idle or stops. The server reads the rows at each scrape of /metrics.
-- updated_at is the store time (milliseconds since 1970) of the worker's last recorded write.
CREATE TABLE sync_worker (
    id             TEXT    PRIMARY KEY NOT NULL,
    completed      INTEGER NOT NULL DEFAULT 0,
    failed         INTEGER NOT NULL DEFAULT 0,
    retried        INTEGER NOT NULL DEFAULT 0,
    cancelled      INTEGER NOT NULL DEFAULT 0,
    batches        INTEGER NOT NULL DEFAULT 0,
    relayouts      INTEGER NOT NULL DEFAULT 0,
    height_changes INTEGER NOT NULL DEFAULT 0,
    updated_at     INTEGER NOT NULL
);
