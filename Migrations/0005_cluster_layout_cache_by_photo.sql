-- The layout cache clustered by its key: a WITHOUT ROWID table whose primary key is the cache
-- key, photo first. A photo's rows (one per size range and scale) share a page, consecutive
-- photos share pages, and a lookup or an upsert is one B-tree descent instead of an index seek
-- plus a table seek. The sync daemon rewrites every cached layout of each photo it touches, so
-- this cuts the pages a relayout batch dirties (and writes to the WAL) several times over.
CREATE TABLE layout_cache_clustered (
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
    computed_at     INTEGER NOT NULL,
    PRIMARY KEY (photo_id, cell_kind, min_width, min_height, max_width, max_height, scale)
) WITHOUT ROWID;
INSERT INTO layout_cache_clustered
    SELECT photo_id, cell_kind, min_width, min_height, max_width, max_height, scale, content_version,
           engine_version, width, height, frames, computed_at
    FROM layout_cache;
DROP TABLE layout_cache;
ALTER TABLE layout_cache_clustered RENAME TO layout_cache;
