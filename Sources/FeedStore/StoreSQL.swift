/// The upserts shared by the named writes and the seeder (prepared once per connection through
/// GRDB's statement cache).
///
/// Every upsert is keyed by the row's natural id and skips rows that would not change (the
/// `WHERE … IS NOT …` on `DO UPDATE`), so seeding the same data twice writes nothing the second
/// time and leaves content versions alone. A real change bumps the photo's `content_version`,
/// and a changed URL or coordinate sends the asset back to `pending`.
enum StoreSQL {
    static let upsertUser = """
        INSERT INTO user (id, username, full_name, avatar_url) VALUES (?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET
            username = excluded.username, full_name = excluded.full_name, avatar_url = excluded.avatar_url,
            avatar_state = CASE WHEN avatar_url IS excluded.avatar_url THEN avatar_state ELSE 'pending' END
        WHERE (username, full_name, avatar_url) IS NOT (excluded.username, excluded.full_name, excluded.avatar_url)
        """

    static let upsertLocation = """
        INSERT INTO location (id, latitude, longitude) VALUES (?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET
            latitude = excluded.latitude, longitude = excluded.longitude,
            place_name = NULL, region = NULL, country = NULL, geocode_state = 'pending'
        WHERE (latitude, longitude) IS NOT (excluded.latitude, excluded.longitude)
        """

    static let upsertPhoto = """
        INSERT INTO photo (id, owner_id, location_id, url, pixel_width, pixel_height, title, description, likes,
                           uploaded_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET
            owner_id = excluded.owner_id, location_id = excluded.location_id, url = excluded.url,
            pixel_width = excluded.pixel_width, pixel_height = excluded.pixel_height, title = excluded.title,
            description = excluded.description, likes = excluded.likes, uploaded_at = excluded.uploaded_at,
            image_state = CASE WHEN url IS excluded.url THEN image_state ELSE 'pending' END,
            content_version = content_version + 1
        WHERE (owner_id, location_id, url, pixel_width, pixel_height, title, description, likes, uploaded_at)
            IS NOT (excluded.owner_id, excluded.location_id, excluded.url, excluded.pixel_width,
                    excluded.pixel_height, excluded.title, excluded.description, excluded.likes,
                    excluded.uploaded_at)
        """

    static let upsertComment = """
        INSERT INTO comment (id, photo_id, author_id, body, created_at) VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET
            photo_id = excluded.photo_id, author_id = excluded.author_id, body = excluded.body,
            created_at = excluded.created_at
        WHERE (photo_id, author_id, body, created_at)
            IS NOT (excluded.photo_id, excluded.author_id, excluded.body, excluded.created_at)
        """

    /// Creates the job, or sends a finished one back to pending when its target's asset is
    /// pending again (a changed URL or coordinate).
    static func upsertJob(_ kind: SyncJob.Kind) -> String {
        let targetState = switch kind {
        case .image: "SELECT image_state FROM photo WHERE id = excluded.target_id"
        case .avatar: "SELECT avatar_state FROM user WHERE id = excluded.target_id"
        case .geocode: "SELECT geocode_state FROM location WHERE id = excluded.target_id"
        }
        return """
            INSERT INTO sync_job (kind, target_id, next_run_at) VALUES ('\(kind.rawValue)', ?, ?)
            ON CONFLICT (kind, target_id) DO UPDATE SET
                state = 'pending', attempts = 0, next_run_at = excluded.next_run_at, result = NULL
            WHERE state != 'pending' AND (\(targetState)) = 'pending'
            """
    }

    static let upsertCity = """
        INSERT INTO city (id, name, region, country_code, country, latitude, longitude, population)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (id) DO UPDATE SET
            name = excluded.name, region = excluded.region, country_code = excluded.country_code,
            country = excluded.country, latitude = excluded.latitude, longitude = excluded.longitude,
            population = excluded.population
        WHERE (name, region, country_code, country, latitude, longitude, population)
            IS NOT (excluded.name, excluded.region, excluded.country_code, excluded.country, excluded.latitude,
                    excluded.longitude, excluded.population)
        """
}
