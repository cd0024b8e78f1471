import GRDB

extension FeedStore {
    /// The feed query: newest first by (uploaded_at, id), each photo joined with its owner and
    /// location, and its comment count from the `comment_photo_id` index. The row-value
    /// comparison walks the `photo_feed` index from the cursor on (checked by EXPLAIN QUERY PLAN
    /// in the tests). One extra row is fetched to know whether a next page exists.
    static let feedColumns = """
        p.id, p.owner_id, p.location_id, p.url, p.pixel_width, p.pixel_height, p.title, p.description, p.likes,
        p.uploaded_at, p.image_state, p.content_version,
        u.id, u.username, u.full_name, u.avatar_url, u.avatar_state,
        l.id, l.latitude, l.longitude, l.place_name, l.region, l.country, l.geocode_state,
        (SELECT COUNT(*) FROM comment c WHERE c.photo_id = p.id)
        FROM photo p
        JOIN user u ON u.id = p.owner_id
        LEFT JOIN location l ON l.id = p.location_id
        """
    static let firstPageSQL = "SELECT \(feedColumns) ORDER BY p.uploaded_at DESC, p.id DESC LIMIT ?"
    static let nextPageSQL = """
        SELECT \(feedColumns) WHERE (p.uploaded_at, p.id) < (?, ?) ORDER BY p.uploaded_at DESC, p.id DESC LIMIT ?
        """

    /// One page of the feed in one query. `limit` must be positive.
    public func feedPage(after cursor: FeedCursor? = nil, limit: Int = 20) throws -> FeedPage {
        precondition(limit > 0, "feed page limit must be positive")
        return try writer.read { db in try Self.feedPage(db, after: cursor, limit: limit) }
    }

    static func feedPage(_ db: Database, after cursor: FeedCursor?, limit: Int) throws -> FeedPage {
        let statement: Statement
        if let cursor {
            statement = try db.cachedStatement(sql: nextPageSQL)
            statement.setUncheckedArguments([cursor.uploadedAt, cursor.id, limit + 1])
        } else {
            statement = try db.cachedStatement(sql: firstPageSQL)
            statement.setUncheckedArguments([limit + 1])
        }
        var items: [FeedItem] = []
        items.reserveCapacity(limit + 1)
        let rows = try Row.fetchCursor(statement)
        while let row = try rows.next() {
            items.append(feedItem(row))
        }
        let hasMore = items.count > limit
        if hasMore { items.removeLast() }
        return FeedPage(items: items, next: hasMore ? items.last?.cursor : nil)
    }

    static func feedItem(_ row: Row) -> FeedItem {
        let photo = Photo(
            id: row[0], ownerID: row[1], locationID: row[2], url: row[3], pixelWidth: row[4], pixelHeight: row[5],
            title: row[6], description: row[7], likes: row[8], uploadedAt: row[9],
            imageState: AssetState(rawValue: row[10]) ?? .pending, contentVersion: row[11])
        let owner = User(id: row[12], username: row[13], fullName: row[14], avatarURL: row[15],
                         avatarState: AssetState(rawValue: row[16]) ?? .pending)
        var location: Location?
        if let locationID: Int64 = row[17] {
            location = Location(id: locationID, latitude: row[18], longitude: row[19], placeName: row[20],
                                region: row[21], country: row[22],
                                geocodeState: GeocodeState(rawValue: row[23]) ?? .pending)
        }
        return FeedItem(photo: photo, owner: owner, location: location, commentCount: row[24])
    }
}
