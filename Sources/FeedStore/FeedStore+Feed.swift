import GRDB

extension FeedStore {
    /// The feed query: newest first by (uploaded_at, id), each photo joined with its owner and
    /// location, and its comment count from the `comment_photo_order` index. The row-value
    /// comparison walks the `photo_feed` index from the cursor on (checked by EXPLAIN QUERY PLAN
    /// in the tests). One extra row is fetched to know whether a next page exists. The photo's,
    /// owner's and location's columns come in that order (``FeedItem/init(row:)``).
    static let feedColumns = """
        \(FeedItem.selection), (SELECT COUNT(*) FROM comment c WHERE c.photo_id = p.id) AS comment_count
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
        var items = if let cursor {
            try FeedItem.fetchAll(db.cachedStatement(sql: nextPageSQL),
                                  arguments: [cursor.uploadedAt, cursor.id, limit + 1], adapter: FeedItem.adapter)
        } else {
            try FeedItem.fetchAll(db.cachedStatement(sql: firstPageSQL), arguments: [limit + 1],
                                  adapter: FeedItem.adapter)
        }
        let hasMore = items.count > limit
        if hasMore { items.removeLast() }
        return FeedPage(items: items, next: hasMore ? items.last?.cursor : nil)
    }
}

/// A feed row is a record: the photo's columns, the owner's, the location's (all NULL without
/// one), then `comment_count`, each record read by column name from its own scope.
extension FeedItem: FetchableRecord {
    /// The feed query's select list.
    static let selection = (Photo.Columns.all.map { "p.\($0.name)" } + User.Columns.all.map { "u.\($0.name)" }
        + Location.Columns.all.map { "l.\($0.name)" }).joined(separator: ", ")

    /// Splits a feed row into the scopes its records read.
    static let adapter: any RowAdapter = {
        let parts = splittingRowAdapters(columnCounts: [
            Photo.Columns.all.count, User.Columns.all.count, Location.Columns.all.count,
        ])
        return ScopeAdapter(["photo": parts[0], "owner": parts[1], "location": parts[2]])
    }()

    public init(row: Row) throws {
        guard let photo = row.scopes["photo"], let owner = row.scopes["owner"], let place = row.scopes["location"]
        else { throw DatabaseError(message: "a feed row is read through FeedItem.adapter") }
        let hasLocation = (place[Location.Columns.id] as Int64?) != nil
        self.init(photo: try Photo(row: photo), owner: try User(row: owner),
                  location: hasLocation ? try Location(row: place) : nil, commentCount: row["comment_count"])
    }
}
