-- Identical cells share one layout, as on SQLite (Migrations/0011). cell_layout holds one layout
-- per (layout-input fingerprint, cell kind, size range, scale): the cells of every photo whose
-- texts, structure and engine are the same have their frames there once. layout_cache stays one
-- row per (photo, cell kind, size range, scale) without the frames: the photo's link to the
-- layout its cell has, with the fingerprint and engine version it was computed or confirmed for,
-- the photo's content version then, and the layout's size (the report's heights, the relayout's
-- height changes). A lookup serves a shared layout only through a link that holds the request's
-- fingerprint and engine version, so a stale entry is never served. Links without a fingerprint
-- share nothing and are never served.
CREATE TABLE cell_layout (
    fingerprint    bytea            NOT NULL,
    cell_kind      text             NOT NULL,
    min_width      double precision NOT NULL,
    min_height     double precision NOT NULL,
    max_width      double precision NOT NULL,
    max_height     double precision NOT NULL,
    scale          double precision NOT NULL CHECK (scale > 0),
    engine_version bigint           NOT NULL,
    width          double precision NOT NULL,
    height         double precision NOT NULL,
    -- LayoutBlob: packed little-endian frames (see LayoutBlob.swift).
    frames         bytea            NOT NULL,
    computed_at    bigint           NOT NULL,
    PRIMARY KEY (fingerprint, cell_kind, min_width, min_height, max_width, max_height, scale)
);

-- The rows stored so far: of the rows of one fingerprint, the latest computed one (SQLite's 0011
-- keeps the last one of the same order).
INSERT INTO cell_layout (fingerprint, cell_kind, min_width, min_height, max_width, max_height, scale,
                         engine_version, width, height, frames, computed_at)
    SELECT DISTINCT ON (fingerprint, cell_kind, min_width, min_height, max_width, max_height, scale)
           fingerprint, cell_kind, min_width, min_height, max_width, max_height, scale, engine_version, width,
           height, frames, computed_at
    FROM layout_cache WHERE fingerprint IS NOT NULL
    ORDER BY fingerprint, cell_kind, min_width, min_height, max_width, max_height, scale,
             computed_at DESC, photo_id DESC;

ALTER TABLE layout_cache DROP COLUMN frames;
