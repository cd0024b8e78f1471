import FeedModel
import GRDB

extension FeedStore {
    /// The feed query: newest first by (uploaded_at, id), each photo joined with its owner and
    /// location, and its comment count from the `comment_photo_order` index. The row-value
    /// comparison walks the `photo_feed` index from the cursor on (checked by EXPLAIN QUERY PLAN
    /// in the tests). One extra row is fetched to know whether a next page exists. The photo's,
    /// owner's and location's columns come in that order (``FeedItem/selection``).
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
        var items: [FeedItem] = []
        items.reserveCapacity(limit + 1)
        if let cursor {
            let statement = try FeedItem.statement(db, sql: nextPageSQL)
            try statement.forEachRow(cursor.uploadedAt, cursor.id, limit + 1) { items.append(FeedItem(statement)) }
        } else {
            let statement = try FeedItem.statement(db, sql: firstPageSQL)
            try statement.forEachRow(limit + 1) { items.append(FeedItem(statement)) }
        }
        let hasMore = items.count > limit
        if hasMore { items.removeLast() }
        return FeedPage(items: items, next: hasMore ? items.last?.cursor : nil)
    }
}

/// A feed row: the photo's ``Photo/Columns/all``, the owner's, the location's (all NULL without
/// one), then `comment_count`. The feed reads are the feed's and the sync daemon's relayout's hot
/// path, so they step SQLite's C API (``RawStatement``), each record taking its columns in its
/// `Columns.all` order (``RawColumnReader``); a debug build checks the names once per statement.
extension FeedItem {
    /// The feed query's select list.
    static let selection = (Photo.Columns.all.map { "p.\($0.name)" } + User.Columns.all.map { "u.\($0.name)" }
        + Location.Columns.all.map { "l.\($0.name)" }).joined(separator: ", ")

    /// The column names a feed row has, in order.
    static let columnNames = (Photo.Columns.all + User.Columns.all + Location.Columns.all).map(\.name)
        + ["comment_count"]

    /// The cached statement of a feed query, its columns checked in debug builds.
    static func statement(_ db: Database, sql: String) throws -> RawStatement {
        let statement = try RawStatement(db, sql: sql)
        assert(statement.columnNames == columnNames, "a feed query selects FeedItem.selection, then comment_count")
        return statement
    }

    /// The feed item of the statement's current row.
    init(_ row: RawStatement) {
        var reader = RawColumnReader(row)
        let photo = Photo(reading: &reader)
        let owner = User(reading: &reader)
        let location: Location?
        if reader.nextIsNull {
            reader.skip(Location.Columns.all.count)
            location = nil
        } else {
            location = Location(reading: &reader)
        }
        self.init(photo: photo, owner: owner, location: location, commentCount: reader.int())
    }
}

extension Photo {
    /// Reads ``Columns/all``, in its order; a state this build does not know reads as `pending`.
    init(reading row: inout RawColumnReader) {
        self.init(id: row.int64(), ownerID: row.int64(), locationID: row.optionalInt64(), url: row.text(),
                  pixelWidth: row.int(), pixelHeight: row.int(), title: row.text(), description: row.text(),
                  likes: row.int(), uploadedAt: row.int64(), imageState: AssetState(row.string()),
                  contentVersion: row.int64(), commentsLoaded: row.int64() != 0)
    }
}

extension User {
    /// Reads ``Columns/all``, in its order; a state this build does not know reads as `pending`.
    init(reading row: inout RawColumnReader) {
        self.init(id: row.int64(), username: row.text(), fullName: row.text(), avatarURL: row.text(),
                  avatarState: AssetState(row.string()))
    }
}

extension Location {
    /// Reads ``Columns/all``, in its order; a state this build does not know reads as `pending`.
    init(reading row: inout RawColumnReader) {
        self.init(id: row.int64(), latitude: row.double(), longitude: row.double(), placeName: row.string(),
                  region: row.string(), country: row.string(),
                  geocodeState: row.string().flatMap(GeocodeState.init(rawValue:)) ?? .pending,
                  subLocality: row.string(), administrativeArea: row.string(), subAdministrativeArea: row.string())
    }
}
