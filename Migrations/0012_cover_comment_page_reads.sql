-- A photo's comments as a cell shows them, read from the index alone: the author and the body
-- join the display order (oldest first, ties by id), so the feed's comment count and a page's
-- first comments read one range of one index and never seek the comment table. Same name and
-- prefix as before, so it still counts a photo's comments and indexes the foreign key.
DROP INDEX comment_photo_order;
CREATE INDEX comment_photo_order ON comment(photo_id, created_at, id, author_id, body);
