-- The content-version rule in the schema: a change that a photo's cell shows bumps
-- photo.content_version by one, in the statement's transaction, whichever write made it (the
-- named writes, a sync completion, a seed). A write that sets a value it already had changes
-- nothing. Each trigger bumps with an UPDATE of content_version, so triggers on that column (the
-- change log's) see every bump.
--
-- What bumps, once per changed row:
-- - the photo's own cell data: owner, location, URL, pixel size, title, description, likes,
--   upload time, image state, and its comments loading;
-- - an avatar download's outcome (avatar_state, the URL unchanged): every photo of the user;
-- - a location's placemark (its names or geocode state, the coordinates unchanged): every photo
--   taken there.
-- A user's new avatar URL or a location's new coordinates reset the avatar or the names to
-- pending without a bump: the photos' cells change when the new outcome arrives.
-- (A saved comment bumps its photo in FeedStore.save(_:); a seed's comments do not.)

CREATE TRIGGER photo_content_version
AFTER UPDATE OF owner_id, location_id, url, pixel_width, pixel_height, title, description, likes, uploaded_at,
                image_state, comments_loaded ON photo
WHEN (OLD.owner_id, OLD.location_id, OLD.url, OLD.pixel_width, OLD.pixel_height, OLD.title, OLD.description,
      OLD.likes, OLD.uploaded_at, OLD.image_state, OLD.comments_loaded)
     IS NOT (NEW.owner_id, NEW.location_id, NEW.url, NEW.pixel_width, NEW.pixel_height, NEW.title, NEW.description,
             NEW.likes, NEW.uploaded_at, NEW.image_state, NEW.comments_loaded)
BEGIN
    UPDATE photo SET content_version = content_version + 1 WHERE id = NEW.id;
END;

CREATE TRIGGER user_avatar_content_version
AFTER UPDATE OF avatar_state ON user
WHEN OLD.avatar_state IS NOT NEW.avatar_state AND OLD.avatar_url IS NEW.avatar_url
BEGIN
    UPDATE photo SET content_version = content_version + 1 WHERE owner_id = NEW.id;
END;

CREATE TRIGGER location_placemark_content_version
AFTER UPDATE OF place_name, region, country, geocode_state, sub_locality, administrative_area,
                sub_administrative_area ON location
WHEN (OLD.place_name, OLD.region, OLD.country, OLD.geocode_state, OLD.sub_locality, OLD.administrative_area,
      OLD.sub_administrative_area)
     IS NOT (NEW.place_name, NEW.region, NEW.country, NEW.geocode_state, NEW.sub_locality, NEW.administrative_area,
             NEW.sub_administrative_area)
     AND (OLD.latitude, OLD.longitude) IS (NEW.latitude, NEW.longitude)
BEGIN
    UPDATE photo SET content_version = content_version + 1 WHERE location_id = NEW.id;
END;
