-- A photo's comments in the order a cell shows them (oldest first, ties by id): the first two
-- are the first two entries of the photo's range, with no sort. It also counts a photo's
-- comments and indexes the foreign key, so it replaces comment_photo_id.
CREATE INDEX comment_photo_order ON comment(photo_id, created_at, id);
DROP INDEX comment_photo_id;
