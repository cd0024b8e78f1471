import FeedModel
import GRDB

/// Named, transactional writes. Each method is one transaction: it either happens whole or not
/// at all, and content changes bump the affected photos' `content_version` (the schema's
/// triggers, `Migrations/0015_bump_content_version_by_trigger.sql`; a comment's here).
extension FeedStore {
    /// Inserts or updates a user by id, and makes sure its avatar download job exists.
    public func save(_ user: User) throws {
        let now = clock.nowMilliseconds
        try writer.write { db in try UpsertWriter(db: db, now: now).write(user) }
    }

    /// Inserts or updates a photo by id (with its location, when given), and makes sure its
    /// image download, comment-feed and reverse-geocode jobs exist.
    public func save(_ photo: Photo, location: Location? = nil) throws {
        let now = clock.nowMilliseconds
        try writer.write { db in try UpsertWriter(db: db, now: now).write(photo, location: location) }
    }

    /// Inserts or updates a comment by id. The photo's cell shows its comments, so its content
    /// version goes up (unless nothing changed). This bump is the one the schema does not make:
    /// a seed writes comments through the same upsert, and must leave the versions alone.
    public func save(_ comment: Comment) throws {
        let now = clock.nowMilliseconds
        try writer.write { db in
            guard try UpsertWriter(db: db, now: now).write(comment) else { return }
            try Photo.filter(key: comment.photoID)
                .updateAll(db, Photo.Columns.contentVersion.set(to: Photo.Columns.contentVersion + 1))
        }
    }

    /// Deletes a photo with its comments and cached layouts. Returns whether it existed.
    @discardableResult
    public func deletePhoto(id: Int64) throws -> Bool {
        try writer.write { db in
            try SyncJob.filter([JobKind.image, .commentFeed].contains(SyncJob.Columns.kind)
                && SyncJob.Columns.targetID == id).deleteAll(db)
            return try Photo.deleteOne(db, key: id)
        }
    }

    /// Records the outcome of an image download; a change bumps the photo's content version.
    /// The same write as a sync completion's (``SyncStatements``).
    public func setImageState(photoID: Int64, _ state: AssetState) throws {
        try assetWrite { statements, changes in
            try statements.setImageState(state, photoID: photoID, changes: &changes)
        }
    }

    /// Records the outcome of an avatar download; every photo of the user shows the avatar, so
    /// all of them get a new content version.
    public func setAvatarState(userID: Int64, _ state: AssetState) throws {
        try assetWrite { statements, changes in
            try statements.setAvatarState(state, userID: userID, changes: &changes)
        }
    }

    /// Records that a photo's comment feed has loaded (its comments appear in its cell), bumping
    /// its content version unless they already had. The same write as a sync completion's.
    public func setCommentsLoaded(photoID: Int64) throws {
        try assetWrite { statements, changes in
            try statements.setCommentsLoaded(photoID: photoID, changes: &changes)
        }
    }

    /// Fills in a location's names from reverse geocoding (nil names with `.resolved` = nowhere
    /// near a city), bumping the content version of the photos taken there. `placeName` is the
    /// placemark's locality; the sub-locality and administrative areas are its other fields.
    public func resolveLocation(id: Int64, placeName: String?, region: String?, country: String?,
                                state: GeocodeState = .resolved, subLocality: String? = nil,
                                administrativeArea: String? = nil, subAdministrativeArea: String? = nil) throws {
        try assetWrite { statements, changes in
            try statements.resolveLocation(id: id, placeName: placeName, region: region, country: country,
                                           state: state, subLocality: subLocality,
                                           administrativeArea: administrativeArea,
                                           subAdministrativeArea: subAdministrativeArea, changes: &changes)
        }
    }

    /// Runs one of the sync commit's asset writes in a transaction of its own.
    private func assetWrite(_ body: (SyncStatements, inout [ContentChange]) throws -> Void) throws {
        try writer.write { db in
            var changes: [ContentChange] = []
            try body(try SyncStatements(db), &changes)
        }
    }

    /// Adds a like to a photo. Returns the new count, or nil when there is no such photo.
    @discardableResult
    public func like(photoID: Int64) throws -> Int? {
        try writer.write { db in
            try Int.fetchOne(db, sql: """
                UPDATE photo SET likes = likes + 1 WHERE id = ?
                RETURNING likes
                """, arguments: [photoID])
        }
    }
}
