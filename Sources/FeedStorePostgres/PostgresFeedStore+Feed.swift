import FeedModel
import PostgresNIO

/// The feed reads: pages in (uploaded_at, id) order by keyset pagination over `photo_feed`,
/// items and first comments of a set of photos (one statement each, `= ANY($1)`), and the
/// relayout inputs, each call in one read transaction.
extension PostgresFeedStore: FeedReading {
    public func feedPage(after cursor: FeedCursor?, limit: Int) throws -> FeedPage {
        precondition(limit > 0, "feed page limit must be positive")
        let selection = FeedItem.postgresSelection
        let rows = try blockingSession { session in
            if let cursor {
                return try await session.query("""
                    SELECT \(unescaped: selection) WHERE (p.uploaded_at, p.id) < (\(cursor.uploadedAt), \(cursor.id))
                    ORDER BY p.uploaded_at DESC, p.id DESC LIMIT \(limit + 1)
                    """).rows
            }
            return try await session.query("""
                SELECT \(unescaped: selection) ORDER BY p.uploaded_at DESC, p.id DESC LIMIT \(limit + 1)
                """).rows
        }
        var items = try rows.map(FeedItem.init(postgres:))
        let hasMore = items.count > limit
        if hasMore { items.removeLast() }
        return FeedPage(items: items, next: hasMore ? items.last?.cursor : nil)
    }

    public func feedItems(photoIDs: [Int64]) throws -> [Int64: FeedItem] {
        guard !photoIDs.isEmpty else { return [:] }
        return try blockingSession { session in try await Self.feedItems(session, photoIDs: photoIDs) }
    }

    static func feedItems(_ session: PostgresSession, photoIDs: [Int64]) async throws -> [Int64: FeedItem] {
        let rows = try await session.query("""
            SELECT \(unescaped: FeedItem.postgresSelection) WHERE p.id = ANY(\(photoIDs))
            """)
        var items: [Int64: FeedItem] = [:]
        for row in rows.rows {
            let item = try FeedItem(postgres: row)
            items[item.photo.id] = item
        }
        return items
    }

    public func firstComments(photoIDs: [Int64], limit: Int) throws -> [Int64: [CommentLine]] {
        guard !photoIDs.isEmpty, limit > 0 else { return [:] }
        return try blockingSession { session in
            try await Self.firstComments(session, photoIDs: photoIDs, limit: limit)
        }
    }

    /// Each photo's first comments: a lateral join walks the head of its `comment_photo_order`
    /// range. With `loadedOnly`, only photos whose comment feed has loaded (`comments_loaded`)
    /// have any: the others' cells show no comments.
    static func firstComments(_ session: PostgresSession, photoIDs: [Int64], limit: Int,
                              loadedOnly: Bool = true) async throws -> [Int64: [CommentLine]] {
        let loaded = loadedOnly ? "JOIN photo p ON p.id = ids.id AND p.comments_loaded" : ""
        let rows = try await session.query("""
            SELECT ids.id, first.username, first.body
            FROM unnest(\(photoIDs)::bigint[]) AS ids(id)
            \(unescaped: loaded)
            CROSS JOIN LATERAL (
                SELECT u.username, c.body, c.created_at, c.id FROM comment c JOIN "user" u ON u.id = c.author_id
                WHERE c.photo_id = ids.id ORDER BY c.created_at, c.id LIMIT \(limit)
            ) AS first
            ORDER BY ids.id, first.created_at, first.id
            """)
        var comments: [Int64: [CommentLine]] = [:]
        for row in rows.rows {
            let (photoID, author, body) = try row.decode((Int64, String, String).self)
            comments[photoID, default: []].append(CommentLine(authorName: author, body: body))
        }
        return comments
    }

    public func relayoutInputs(photoIDs: [Int64], contentOf contentIDs: [Int64], cellKind: String,
                               commentLimit: Int) throws -> CellRelayoutInputs {
        guard !photoIDs.isEmpty else { return CellRelayoutInputs(items: [:], comments: [:], entries: []) }
        return try blockingRead { session in
            let items = contentIDs.isEmpty ? [:] : try await Self.feedItems(session, photoIDs: contentIDs)
            let comments = commentLimit > 0 && !contentIDs.isEmpty
                ? try await Self.firstComments(session, photoIDs: contentIDs, limit: commentLimit) : [:]
            let entries = try await Self.cachedLayoutEntries(session, photoIDs: photoIDs, cellKind: cellKind)
            return CellRelayoutInputs(items: items, comments: comments, entries: entries)
        }
    }

    public func newestUploadTime() throws -> Int64? {
        try blockingSession { session in
            try await session.query("SELECT uploaded_at FROM photo ORDER BY uploaded_at DESC, id DESC LIMIT 1")
                .rows.first?.decode(Int64.self)
        }
    }
}
