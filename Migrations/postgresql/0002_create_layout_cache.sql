-- Persistent cell layouts, one row per (photo, cell kind, size range, scale), keyed as on SQLite.
-- A lookup is served only when the row's fingerprint (32 bytes of SHA-256 of the layout inputs)
-- and engine version equal the request's; a row without a fingerprint is never served.
-- content_version is the photo version the row was last confirmed against (the stale count).
-- Infinite range bounds are stored as 'Infinity'.
CREATE TABLE layout_cache (
    photo_id        bigint           NOT NULL REFERENCES photo(id) ON DELETE CASCADE,
    cell_kind       text             NOT NULL,
    min_width       double precision NOT NULL,
    min_height      double precision NOT NULL,
    max_width       double precision NOT NULL,
    max_height      double precision NOT NULL,
    scale           double precision NOT NULL CHECK (scale > 0),
    content_version bigint           NOT NULL,
    engine_version  bigint           NOT NULL,
    width           double precision NOT NULL,
    height          double precision NOT NULL,
    -- LayoutBlob: packed little-endian frames (see LayoutBlob.swift).
    frames          bytea            NOT NULL,
    computed_at     bigint           NOT NULL,
    fingerprint     bytea,
    PRIMARY KEY (photo_id, cell_kind, min_width, min_height, max_width, max_height, scale)
);

-- Hit and miss counters, one row.
CREATE TABLE layout_cache_stat (
    id     integer PRIMARY KEY CHECK (id = 1),
    hits   bigint  NOT NULL DEFAULT 0,
    misses bigint  NOT NULL DEFAULT 0
);
INSERT INTO layout_cache_stat (id, hits, misses) VALUES (1, 0, 0);
