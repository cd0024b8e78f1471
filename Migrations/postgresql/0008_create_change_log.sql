-- The change log, as on SQLite (Migrations/0014): one row for each change of what a cell shows,
-- in the transaction that makes it. Every bump of a photo's content_version appends a row.
--
-- A sequence would not do: two transactions can take numbers in one order and commit in the
-- other, and a reader that saw the later number first would skip the earlier one for good. So
-- the number is taken when the transaction commits: the trigger is deferred to the commit, and
-- takes the next number from change_log_head's one row, whose lock it then holds until the
-- commit ends. Transactions that change cells commit their numbers one after another, in order;
-- the lock is held only for the commit itself. Pruning deletes old rows and never touches
-- change_log_head, so it never waits for a writer nor makes one wait.
CREATE TABLE change_log (
    seq             bigint PRIMARY KEY,
    photo_id        bigint NOT NULL,
    content_version bigint NOT NULL,
    changed_at      bigint NOT NULL
);

-- The last number given, by a committed transaction (0: none yet).
CREATE TABLE change_log_head (
    single boolean PRIMARY KEY DEFAULT true CHECK (single),
    seq    bigint  NOT NULL
);
INSERT INTO change_log_head (single, seq) VALUES (true, 0);

-- search_path is fixed to the schema the migration runs in, so that the trigger writes the
-- change log of its own schema whatever the writing session's path.
CREATE FUNCTION append_change_log() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
DECLARE
    next_seq bigint;
BEGIN
    UPDATE change_log_head SET seq = seq + 1 RETURNING seq INTO next_seq;
    INSERT INTO change_log (seq, photo_id, content_version, changed_at)
    VALUES (next_seq, NEW.id, NEW.content_version, (extract(epoch FROM clock_timestamp()) * 1000)::bigint);
    RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER photo_change_logged AFTER UPDATE ON photo
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
    WHEN (NEW.content_version <> OLD.content_version)
    EXECUTE FUNCTION append_change_log();
