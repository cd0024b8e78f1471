import GRDB

extension FeedStore {
    /// The feed query: newest first by (uploaded_at, id), each photo joined with its owner and
    /// location, and its comment count from the `comment_photo_order` index. The row-value
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
        var items: [FeedItem] = []
        items.reserveCapacity(limit + 1)
        if let cursor {
            let statement = try RawStatement(db, sql: nextPageSQL)
            try statement.forEachRow(cursor.uploadedAt, cursor.id, limit + 1) { items.append(feedItem(statement)) }
        } else {
            let statement = try RawStatement(db, sql: firstPageSQL)
            try statement.forEachRow(limit + 1) { items.append(feedItem(statement)) }
        }
        let hasMore = items.count > limit
        if hasMore { items.removeLast() }
        return FeedPage(items: items, next: hasMore ? items.last?.cursor : nil)
    }

    /// The feed item of the statement's current row (``feedColumns``).
    static func feedItem(_ row: RawStatement) -> FeedItem {
        let photo = Photo(
            id: row.int64(at: 0), ownerID: row.int64(at: 1), locationID: row.optionalInt64(at: 2), url: row.text(at: 3),
            pixelWidth: Int(row.int64(at: 4)), pixelHeight: Int(row.int64(at: 5)), title: row.text(at: 6),
            description: row.text(at: 7), likes: Int(row.int64(at: 8)), uploadedAt: row.int64(at: 9),
            imageState: AssetState(rawValue: row.text(at: 10)) ?? .pending, contentVersion: row.int64(at: 11))
        let owner = User(id: row.int64(at: 12), username: row.text(at: 13), fullName: row.text(at: 14),
                         avatarURL: row.text(at: 15), avatarState: AssetState(rawValue: row.text(at: 16)) ?? .pending)
        var location: Location?
        if let locationID = row.optionalInt64(at: 17) {
            location = Location(id: locationID, latitude: row.double(at: 18), longitude: row.double(at: 19),
                                placeName: row.string(at: 20), region: row.string(at: 21), country: row.string(at: 22),
                                geocodeState: GeocodeState(rawValue: row.text(at: 23)) ?? .pending)
        }
        return FeedItem(photo: photo, owner: owner, location: location, commentCount: Int(row.int64(at: 24)))
    }
}
