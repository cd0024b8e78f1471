-- Persistent cell layouts. One row per (photo, cell kind, size range, scale); the row remembers
-- the content and engine versions it was computed for, and is served only while both still
-- match (older rows are "stale": kept until overwritten, never returned).
-- Infinite range bounds are stored as SQLite's +Inf REAL.
CREATE TABLE layout_cache (
    id              INTEGER PRIMARY KEY,
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
    -- LayoutBlob: packed little-endian frames (see LayoutBlob.swift).
    frames          BLOB    NOT NULL,
    computed_at     INTEGER NOT NULL
);
-- The cache key; photo_id first so that it also indexes the foreign key, and so that a page
-- lookup (photo_id IN (...) AND the rest equal) is a handful of index seeks.
CREATE UNIQUE INDEX layout_cache_key
    ON layout_cache(photo_id, cell_kind, min_width, min_height, max_width, max_height, scale);

-- Hit and miss counters, one row.
CREATE TABLE layout_cache_stat (
    id     INTEGER PRIMARY KEY CHECK (id = 1),
    hits   INTEGER NOT NULL DEFAULT 0,
    misses INTEGER NOT NULL DEFAULT 0
);
INSERT INTO layout_cache_stat (id, hits, misses) VALUES (1, 0, 0);
