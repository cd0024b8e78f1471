-- The content-version trigger function (0009) names its tables unqualified, so it resolved them
-- through the search path of whichever session fired it: an operator's psql, connected with the
-- default path, that updated a photo by its qualified name (`UPDATE feed.photo …`) failed with
-- `relation "photo" does not exist`. It now runs with the path it was created under, the store's
-- schema, as the change log's function (0008) always did.
ALTER FUNCTION bump_photo_content_version() SET search_path FROM CURRENT;
