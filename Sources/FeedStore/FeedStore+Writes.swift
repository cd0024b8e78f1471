import GRDB

/// Named, transactional writes. Each method is one transaction: it either happens whole or not
/// at all, and content changes bump the affected photos' `content_version`.
extension FeedStore {
    /// Inserts or updates a user by id.
    public func save(_ user: User) throws {
        try writer.write { db in
            try db.execute(sql: StoreSQL.upsertUser,
                           arguments: [user.id, user.username, user.fullName, user.avatarURL])
            try db.execute(sql: StoreSQL.upsertJob(.avatar), arguments: [user.id, clock.nowMilliseconds])
        }
    }

    /// Inserts or updates a photo by id (with its location, when given), and makes sure its
    /// image download and reverse-geocode jobs exist.
    public func save(_ photo: Photo, location: Location? = nil) throws {
        let now = clock.nowMilliseconds
        try writer.write { db in
            if let location {
                try db.execute(sql: StoreSQL.upsertLocation,
                               arguments: [location.id, location.latitude, location.longitude])
                try db.execute(sql: StoreSQL.upsertJob(.geocode), arguments: [location.id, now])
            }
            try db.execute(sql: StoreSQL.upsertPhoto, arguments: [
                photo.id, photo.ownerID, photo.locationID, photo.url, photo.pixelWidth, photo.pixelHeight,
                photo.title, photo.description, photo.likes, photo.uploadedAt,
            ])
            try db.execute(sql: StoreSQL.upsertJob(.image), arguments: [photo.id, now])
        }
    }

    /// Inserts or updates a comment by id. The photo's cell shows its comments, so its content
    /// version goes up (unless nothing changed).
    public func save(_ comment: Comment) throws {
        try writer.write { db in
            try db.execute(sql: StoreSQL.upsertComment, arguments: [
                comment.id, comment.photoID, comment.authorID, comment.body, comment.createdAt,
            ])
            if db.changesCount > 0 {
                try db.execute(sql: "UPDATE photo SET content_version = content_version + 1 WHERE id = ?",
                               arguments: [comment.photoID])
            }
        }
    }

    /// Deletes a photo with its comments and cached layouts. Returns whether it existed.
    @discardableResult
    public func deletePhoto(id: Int64) throws -> Bool {
        try writer.write { db in
            try db.execute(sql: "DELETE FROM sync_job WHERE kind = 'image' AND target_id = ?", arguments: [id])
            return try Photo.deleteOne(db, key: id)
        }
    }

    /// Records the outcome of an image download; a change bumps the photo's content version.
    public func setImageState(photoID: Int64, _ state: AssetState) throws {
        try writer.write { db in
            try db.execute(sql: """
                UPDATE photo SET image_state = ?, content_version = content_version + 1
                WHERE id = ? AND image_state != ?
                """, arguments: [state, photoID, state])
        }
    }

    /// Records the outcome of an avatar download; every photo of the user shows the avatar, so
    /// all of them get a new content version.
    public func setAvatarState(userID: Int64, _ state: AssetState) throws {
        try writer.write { db in
            try db.execute(sql: "UPDATE user SET avatar_state = ? WHERE id = ? AND avatar_state != ?",
                           arguments: [state, userID, state])
            if db.changesCount > 0 {
                try db.execute(sql: "UPDATE photo SET content_version = content_version + 1 WHERE owner_id = ?",
                               arguments: [userID])
            }
        }
    }

    /// Fills in a location's names from reverse geocoding (nil names with `.resolved` = nowhere
    /// near a city), bumping the content version of the photos taken there.
    public func resolveLocation(id: Int64, placeName: String?, region: String?, country: String?,
                                state: GeocodeState = .resolved) throws {
        try writer.write { db in
            try db.execute(sql: """
                UPDATE location SET place_name = ?, region = ?, country = ?, geocode_state = ?
                WHERE id = ? AND (place_name, region, country, geocode_state) IS NOT (?, ?, ?, ?)
                """, arguments: [placeName, region, country, state, id, placeName, region, country, state])
            if db.changesCount > 0 {
                try db.execute(sql: "UPDATE photo SET content_version = content_version + 1 WHERE location_id = ?",
                               arguments: [id])
            }
        }
    }

    /// Adds a like to a photo. Returns the new count, or nil when there is no such photo.
    @discardableResult
    public func like(photoID: Int64) throws -> Int? {
        try writer.write { db in
            try Int.fetchOne(db, sql: """
                UPDATE photo SET likes = likes + 1, content_version = content_version + 1 WHERE id = ?
                RETURNING likes
                """, arguments: [photoID])
        }
    }
}
