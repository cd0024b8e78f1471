-- The layout inputs' fingerprint (CellLayoutInputs: the cell's texts, structure constants and
-- engine version; 32 bytes of SHA-256) a layout was computed for. A lookup is served only when
-- the row's fingerprint equals the one the request computes from the rows it reads, and its
-- engine version matches; a row without one (NULL) is never served. content_version stays the
-- photo version the row was last confirmed against, for `layouts report`'s stale count.
ALTER TABLE layout_cache ADD COLUMN fingerprint BLOB;
