-- The change log: one row for each change of what a cell shows, appended in the transaction that
-- makes it, so that it commits with the change or not at all. A change of what a cell shows bumps
-- its photo's content_version; the trigger below turns every bump into a row. The server's change
-- stream (GET /v1/changes) and `photofeed changes` read it; change notifications only wake them.
--
-- seq is the database's change sequence: AUTOINCREMENT never reuses a number, even after the
-- oldest rows are pruned, and SQLite's one writer at a time makes seq order commit order.
-- content_version is the photo's version after the change; changed_at is when it was written
-- (milliseconds since 1970, the database's clock). A new photo is not a change of a cell: it
-- reaches clients with the feed's first page.
CREATE TABLE change_log (
    seq             INTEGER PRIMARY KEY AUTOINCREMENT,
    photo_id        INTEGER NOT NULL,
    content_version INTEGER NOT NULL,
    changed_at      INTEGER NOT NULL
);

CREATE TRIGGER photo_change_logged AFTER UPDATE ON photo
WHEN NEW.content_version != OLD.content_version BEGIN
    INSERT INTO change_log (photo_id, content_version, changed_at)
    VALUES (NEW.id, NEW.content_version, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
END;
