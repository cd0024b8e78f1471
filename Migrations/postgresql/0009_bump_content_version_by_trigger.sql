-- The content-version rule in the schema, as on SQLite (Migrations/0015): a change that a photo's
-- cell shows bumps photo.content_version by one, in the statement's transaction, whichever write
-- made it (a sync completion, a seed). A write that sets a value it already had changes nothing.
-- The bumps are AFTER triggers that UPDATE content_version: a BEFORE trigger's change to NEW is
-- no UPDATE OF the column, and triggers on that column (the change log's) must see every bump.
--
-- What bumps, once per changed row:
-- - the photo's own cell data: owner, location, URL, pixel size, title, description, likes,
--   upload time, image state, and its comments loading;
-- - an avatar download's outcome (avatar_state, the URL unchanged): every photo of the user;
-- - a location's placemark (its names or geocode state, the coordinates unchanged): every photo
--   taken there.
-- A user's new avatar URL or a location's new coordinates reset the avatar or the names to
-- pending without a bump: the photos' cells change when the new outcome arrives.

-- The bump of the photos whose column TG_ARGV[0] (id, owner_id or location_id) is the changed
-- row's id; static statements, so that each keeps its cached plan (an index seek).
CREATE FUNCTION bump_photo_content_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_ARGV[0] = 'owner_id' THEN
        UPDATE photo SET content_version = content_version + 1 WHERE owner_id = NEW.id;
    ELSIF TG_ARGV[0] = 'location_id' THEN
        UPDATE photo SET content_version = content_version + 1 WHERE location_id = NEW.id;
    ELSE
        UPDATE photo SET content_version = content_version + 1 WHERE id = NEW.id;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER photo_content_version
AFTER UPDATE OF owner_id, location_id, url, pixel_width, pixel_height, title, description, likes, uploaded_at,
                image_state, comments_loaded ON photo
FOR EACH ROW
WHEN ((OLD.owner_id, OLD.location_id, OLD.url, OLD.pixel_width, OLD.pixel_height, OLD.title, OLD.description,
       OLD.likes, OLD.uploaded_at, OLD.image_state, OLD.comments_loaded)
      IS DISTINCT FROM (NEW.owner_id, NEW.location_id, NEW.url, NEW.pixel_width, NEW.pixel_height, NEW.title,
                        NEW.description, NEW.likes, NEW.uploaded_at, NEW.image_state, NEW.comments_loaded))
EXECUTE FUNCTION bump_photo_content_version('id');

CREATE TRIGGER user_avatar_content_version
AFTER UPDATE OF avatar_state ON "user"
FOR EACH ROW
WHEN (OLD.avatar_state IS DISTINCT FROM NEW.avatar_state AND OLD.avatar_url IS NOT DISTINCT FROM NEW.avatar_url)
EXECUTE FUNCTION bump_photo_content_version('owner_id');

CREATE TRIGGER location_placemark_content_version
AFTER UPDATE OF place_name, region, country, geocode_state, sub_locality, administrative_area,
                sub_administrative_area ON location
FOR EACH ROW
WHEN ((OLD.place_name, OLD.region, OLD.country, OLD.geocode_state, OLD.sub_locality, OLD.administrative_area,
       OLD.sub_administrative_area)
      IS DISTINCT FROM (NEW.place_name, NEW.region, NEW.country, NEW.geocode_state, NEW.sub_locality,
                        NEW.administrative_area, NEW.sub_administrative_area)
      AND (OLD.latitude, OLD.longitude) IS NOT DISTINCT FROM (NEW.latitude, NEW.longitude))
EXECUTE FUNCTION bump_photo_content_version('location_id');
