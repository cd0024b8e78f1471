-- Marks the file as a photofeed database: SQLite's application_id header field, which the store
-- reads before it writes anything, so that it never migrates another application's SQLite file.
-- The store also sets it when it creates a database; this migration sets it on databases that
-- were made without it. 1349011044 is 0x50684664, "PhFd" in ASCII.
PRAGMA application_id = 1349011044;
