-- Any number of sync workers share a SQLite file's job queue, as on PostgreSQL. A worker claims
-- due jobs in one write transaction (BEGIN IMMEDIATE, UPDATE … RETURNING), marking them running
-- under its lease: lease_owner names the worker and lease_expires_at (milliseconds since 1970) is
-- when the claim lapses. A completion is applied only while its worker still holds the lease; a
-- job whose lease expired (or a running job without a lease) is due again for any worker.
ALTER TABLE sync_job ADD COLUMN lease_owner TEXT;
ALTER TABLE sync_job ADD COLUMN lease_expires_at INTEGER;
-- Running jobs by lease expiry: the claim also takes back jobs whose lease lapsed.
CREATE INDEX sync_job_lease ON sync_job(lease_expires_at) WHERE state = 'running';
