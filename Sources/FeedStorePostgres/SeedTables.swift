import FeedModel

/// The rows one seed run loads, as COPY text per table, and the sync jobs they make, in the
/// order the SQLite store creates them (each user's avatar job; each photo's geocode job, then
/// its image job, then its comment-feed job).
struct SeedTables {
    var users = CopyTextRows()
    var locations = CopyTextRows()
    var photos = CopyTextRows()
    var comments = CopyTextRows()
    var cities = CopyTextRows()
    var jobKinds: [String] = []
    var jobTargets: [Int64] = []

    mutating func add(_ user: User) {
        users.integer(user.id)
        users.text(user.username)
        users.text(user.fullName)
        users.text(user.avatarURL)
        users.endRow()
        jobKinds.append("avatar")
        jobTargets.append(user.id)
    }

    mutating func add(_ photo: Photo, location: Location?) {
        if let location {
            locations.integer(location.id)
            locations.double(location.latitude)
            locations.double(location.longitude)
            locations.endRow()
            jobKinds.append("geocode")
            jobTargets.append(location.id)
        }
        photos.integer(photo.id)
        photos.integer(photo.ownerID)
        photos.integer(photo.locationID)
        photos.text(photo.url)
        photos.integer(Int64(photo.pixelWidth))
        photos.integer(Int64(photo.pixelHeight))
        photos.text(photo.title)
        photos.text(photo.description)
        photos.integer(Int64(photo.likes))
        photos.integer(photo.uploadedAt)
        photos.endRow()
        jobKinds.append("image")
        jobTargets.append(photo.id)
        jobKinds.append(JobKind.commentFeed.rawValue)
        jobTargets.append(photo.id)
    }

    mutating func add(_ comment: Comment) {
        comments.integer(comment.id)
        comments.integer(comment.photoID)
        comments.integer(comment.authorID)
        comments.text(comment.body)
        comments.integer(comment.createdAt)
        comments.endRow()
    }

    mutating func add(_ city: City) {
        cities.integer(city.id)
        cities.text(city.name)
        cities.text(city.region)
        cities.text(city.countryCode)
        cities.text(city.country)
        cities.double(city.latitude)
        cities.double(city.longitude)
        cities.integer(Int64(city.population))
        cities.text(city.administrativeArea)
        cities.text(city.subAdministrativeArea)
        cities.endRow()
    }

    /// The sync jobs as COPY rows of (kind, target_id, next_run_at), all due at `now`.
    func jobRows(dueAt now: Int64) -> CopyTextRows {
        var rows = CopyTextRows()
        for (kind, target) in zip(jobKinds, jobTargets) {
            rows.text(kind)
            rows.integer(target)
            rows.integer(now)
            rows.endRow()
        }
        return rows
    }

    /// Each table: its name, the columns the COPY fills (the SQLite store's saved columns), the
    /// rows, and the upsert from its staging table, which changes a row only when a value
    /// differs, as the SQLite store's upserts do (a changed photo's content version goes up by
    /// the schema's trigger).
    var loads: [(table: String, columns: [String], rows: CopyTextRows, upsert: String)] {
        [
            ("city", ["id", "name", "region", "country_code", "country", "latitude", "longitude", "population",
                      "administrative_area", "sub_administrative_area"], cities, ""),
            ("user", ["id", "username", "full_name", "avatar_url"], users,
             "avatar_state = CASE WHEN t.avatar_url IS NOT DISTINCT FROM excluded.avatar_url THEN t.avatar_state "
                + "ELSE 'pending' END"),
            ("location", ["id", "latitude", "longitude"], locations,
             "place_name = NULL, region = NULL, country = NULL, geocode_state = 'pending', sub_locality = NULL, "
                + "administrative_area = NULL, sub_administrative_area = NULL"),
            ("photo", ["id", "owner_id", "location_id", "url", "pixel_width", "pixel_height", "title", "description",
                       "likes", "uploaded_at"], photos,
             "image_state = CASE WHEN t.url IS NOT DISTINCT FROM excluded.url THEN t.image_state ELSE 'pending' END"),
            ("comment", ["id", "photo_id", "author_id", "body", "created_at"], comments, ""),
        ]
    }
}
