-- The comment feed as a sync job of its own, as on SQLite (Migrations/0011): a photo's comments
-- are not in its cell until its comment-feed job has completed (photo.comments_loaded is true).
-- Completing the job sets the flag and bumps the photo's content version.
ALTER TABLE photo ADD COLUMN comments_loaded boolean NOT NULL DEFAULT false;

-- sync_job's kind CHECK gains 'comment-feed' (PostgreSQL replaces the named constraint in place).
ALTER TABLE sync_job DROP CONSTRAINT sync_job_kind_check,
    ADD CONSTRAINT sync_job_kind_check CHECK (kind IN ('image', 'avatar', 'geocode', 'comment-feed'));

-- Every photo already stored gets a pending comment-feed job and starts with its comments not
-- loaded, exactly as seeding creates it: the same policy as SQLite's 0011 (marking them loaded
-- would give a database that no seed produces). The job is due when the photo's image job is,
-- else at once.
INSERT INTO sync_job (kind, target_id, next_run_at)
    SELECT 'comment-feed', p.id,
           COALESCE((SELECT j.next_run_at FROM sync_job j WHERE j.kind = 'image' AND j.target_id = p.id), 0)
    FROM photo p ORDER BY p.id
ON CONFLICT (kind, target_id) DO NOTHING;

-- The placemark fields the location label reads (docs/feed.md, "Location"). A city keeps its
-- GeoNames admin1 and admin2 names (seed-data/cities.tsv); reverse geocoding copies them to the
-- location with the sub-locality. Locations resolved before keep NULL here until geocoded again.
ALTER TABLE city ADD COLUMN administrative_area text, ADD COLUMN sub_administrative_area text;
ALTER TABLE location ADD COLUMN sub_locality text, ADD COLUMN administrative_area text,
    ADD COLUMN sub_administrative_area text;

-- SQLite's 0012 makes comment_photo_order cover the author and the body. Here the index stays
-- (photo_id, created_at, id): a B-tree entry holding a comment's body would fail for a body past
-- PostgreSQL's index tuple limit (about 2.7 kB), and an index-only scan also depends on the
-- visibility map; a page's first comments read at most its limit of heap rows per photo.
-- The layouts stay one row per photo and size range in layout_cache (no shared cell_layout).
