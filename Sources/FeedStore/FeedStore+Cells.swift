import FeedModel
import GRDB

/// The reads a cell layer needs besides the feed page: items by id, the first comments of a set
/// of photos, the cached rows of a set of photos, and the newest upload time. Sets of photos are
/// read with one prepared point query per photo (an index seek each), stepped through SQLite's
/// C API (``RawStatement``).
extension FeedStore {
    /// The feed items of `photoIDs` (the feed query's columns), by photo id; unknown ids are
    /// absent from the result.
    public func feedItems(photoIDs: [Int64]) throws -> [Int64: FeedItem] {
        guard !photoIDs.isEmpty else { return [:] }
        return try writer.read { db in try Self.feedItems(db, photoIDs: photoIDs) }
    }

    static func feedItems(_ db: Database, photoIDs: [Int64]) throws -> [Int64: FeedItem] {
        let statement = try FeedItem.statement(db, sql: "SELECT \(feedColumns) WHERE p.id = ?")
        var items: [Int64: FeedItem] = [:]
        items.reserveCapacity(photoIDs.count)
        for photoID in photoIDs {
            if let item = try statement.firstRow(photoID, read: { FeedItem(statement) }) { items[photoID] = item }
        }
        return items
    }

    /// The first `limit` comments of each photo of `photoIDs` (oldest first, ties by id), with
    /// their authors' user names. Photos without comments are absent, and so are photos whose
    /// comment-feed job has not completed (`comments_loaded` is 0): their cells show no comments.
    public func firstComments(photoIDs: [Int64], limit: Int = 2) throws -> [Int64: [CommentLine]] {
        guard !photoIDs.isEmpty, limit > 0 else { return [:] }
        return try writer.read { db in try Self.firstComments(db, photoIDs: photoIDs, limit: limit) }
    }

    /// One photo's first comments once its comment feed has loaded: the head of its range of the
    /// `comment_photo_order` index (the photo's flag is one primary-key seek, evaluated once).
    static let firstCommentsSQL = """
        SELECT u.username, c.body FROM comment c JOIN user u ON u.id = c.author_id
        WHERE c.photo_id = ?1 AND (SELECT comments_loaded FROM photo WHERE id = ?1)
        ORDER BY c.created_at, c.id LIMIT ?2
        """

    /// The first page of each photo's comment feed (oldest first, ties by id, at most `limit`),
    /// whether or not its comment-feed job has completed: what that job delivers. A client that
    /// simulates the job (``firstComments(photoIDs:limit:)`` shows only what the daemon stored)
    /// reads it here. Photos without comments are absent.
    public func commentFeedFirstPage(photoIDs: [Int64], limit: Int) throws -> [Int64: [CommentLine]] {
        guard !photoIDs.isEmpty, limit > 0 else { return [:] }
        return try writer.read { db in try Self.firstComments(db, photoIDs: photoIDs, limit: limit, sql: Self.commentFeedSQL) }
    }

    static let commentFeedSQL = """
        SELECT u.username, c.body FROM comment c JOIN user u ON u.id = c.author_id
        WHERE c.photo_id = ?1 ORDER BY c.created_at, c.id LIMIT ?2
        """

    static func firstComments(_ db: Database, photoIDs: [Int64], limit: Int,
                              sql: String = firstCommentsSQL) throws -> [Int64: [CommentLine]] {
        let statement = try RawStatement(db, sql: sql)
        var comments: [Int64: [CommentLine]] = [:]
        for photoID in photoIDs {
            var lines: [CommentLine] = []
            try statement.forEachRow(photoID, limit) {
                lines.append(CommentLine(authorName: statement.text(at: 0), body: statement.text(at: 1)))
            }
            if !lines.isEmpty { comments[photoID] = lines }
        }
        return comments
    }

    /// Every cached row of `photoIDs` for `cellKind`, whatever its versions.
    public func cachedLayoutEntries(photoIDs: [Int64], cellKind: String) throws -> [CachedLayoutEntry] {
        guard !photoIDs.isEmpty else { return [] }
        return try writer.read { db in try Self.cachedLayoutEntries(db, photoIDs: photoIDs, cellKind: cellKind) }
    }

    /// The rows of each photo in `photoIDs` order, each photo's by range and scale.
    static func cachedLayoutEntries(_ db: Database, photoIDs: [Int64], cellKind: String) throws -> [CachedLayoutEntry] {
        let statement = try RawStatement(db, sql: """
            SELECT min_width, min_height, max_width, max_height, scale, content_version, engine_version, height,
                   fingerprint
            FROM layout_cache WHERE photo_id = ? AND cell_kind = ?
            ORDER BY min_width, min_height, max_width, max_height, scale
            """)
        var entries: [CachedLayoutEntry] = []
        for photoID in photoIDs {
            try statement.forEachRow(photoID, cellKind) {
                let row = statement
                entries.append(CachedLayoutEntry(
                    photoID: photoID,
                    sizeRange: CacheSizeRange(minWidth: row.double(at: 0), minHeight: row.double(at: 1),
                                              maxWidth: row.double(at: 2), maxHeight: row.double(at: 3)),
                    scale: row.double(at: 4), contentVersion: row.int64(at: 5), engineVersion: Int(row.int64(at: 6)),
                    height: row.double(at: 7), fingerprint: [UInt8](row.data(at: 8))))
            }
        }
        return entries
    }

    /// Every cached row's height with whether it is stale for `engineVersion` (for the report's
    /// height distribution), ordered by width, scale and photo.
    public func cachedLayoutHeights(engineVersion: Int) throws -> [CachedLayoutEntry] {
        try writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT lc.photo_id, lc.min_width, lc.min_height, lc.max_width, lc.max_height, lc.scale,
                       lc.content_version, lc.engine_version, lc.height,
                       lc.engine_version != ? OR lc.content_version != p.content_version AS is_stale
                FROM layout_cache lc JOIN photo p ON p.id = lc.photo_id
                ORDER BY lc.min_width, lc.scale, lc.photo_id
                """, arguments: [engineVersion]).map { row in
                CachedLayoutEntry(
                    photoID: row["photo_id"], sizeRange: CacheSizeRange(row: row), scale: row["scale"],
                    contentVersion: row["content_version"], engineVersion: row["engine_version"], height: row["height"],
                    isStale: row["is_stale"])
            }
        }
    }

    /// The newest photo's upload time (milliseconds since 1970), nil for an empty feed. Walks the
    /// `photo_feed` index: one step.
    public func newestUploadTime() throws -> Int64? {
        try writer.read(Self.newestUploadTime)
    }

    static func newestUploadTime(_ db: Database) throws -> Int64? {
        try Int64.fetchOne(db, sql: "SELECT uploaded_at FROM photo ORDER BY uploaded_at DESC, id DESC LIMIT 1")
    }
}

extension FeedStore {
    /// The cached layout rows of `photoIDs`, and the rows and first `commentLimit` comments of
    /// those in `contentOf` (the photos whose content the caller does not know), in one read
    /// transaction (up to three queries).
    public func relayoutInputs(photoIDs: [Int64], contentOf contentIDs: [Int64], cellKind: String,
                               commentLimit: Int) throws -> CellRelayoutInputs {
        guard !photoIDs.isEmpty else { return CellRelayoutInputs(items: [:], comments: [:], entries: []) }
        return try writer.read { db in
            CellRelayoutInputs(
                items: contentIDs.isEmpty ? [:] : try Self.feedItems(db, photoIDs: contentIDs),
                comments: commentLimit > 0 && !contentIDs.isEmpty
                    ? try Self.firstComments(db, photoIDs: contentIDs, limit: commentLimit) : [:],
                entries: try Self.cachedLayoutEntries(db, photoIDs: photoIDs, cellKind: cellKind))
        }
    }
}
