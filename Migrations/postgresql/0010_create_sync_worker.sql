-- Each sync worker's running totals, as on SQLite (Migrations/0016): one row per worker name (its
-- lease owner), added to in the transaction that commits each of the worker's batches, so the
-- totals are exactly what was committed, whichever process ran the worker; a worker started again
-- under the same name goes on from them. The server reads the rows at each scrape of /metrics.
-- updated_at is the store time (milliseconds since 1970) of the worker's last recorded write.
CREATE TABLE sync_worker (
    id             text   PRIMARY KEY,
    completed      bigint NOT NULL DEFAULT 0,
    failed         bigint NOT NULL DEFAULT 0,
    retried        bigint NOT NULL DEFAULT 0,
    cancelled      bigint NOT NULL DEFAULT 0,
    batches        bigint NOT NULL DEFAULT 0,
    relayouts      bigint NOT NULL DEFAULT 0,
    height_changes bigint NOT NULL DEFAULT 0,
    updated_at     bigint NOT NULL
);
