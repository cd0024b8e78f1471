import FeedModel
import PostgresNIO

/// The HTTP service's seam (``FeedServing``): every call suspends while the database answers and
/// never blocks a thread. A page or a photo is one prepared statement (``FeedRowsSQL``): one
/// round trip, one snapshot. A read whose server cannot be reached fails at once, without the
/// reconnect policy's delays: the request answers 503 and the next one tries again.
extension PostgresFeedStore: FeedServing {
    public func pageRows(after cursor: FeedCursor?, limit: Int, commentLimit: Int,
                         slot: LayoutSlot) async throws -> FeedRows {
        precondition(limit > 0, "feed page limit must be positive")
        let rows = try await withSession(waitingToReconnect: false) { session in
            if let cursor {
                return try await session.rows(PageAfterRowsStatement(
                    cursor: cursor, limit: limit + 1, commentLimit: commentLimit, slot: slot))
            }
            return try await session.rows(FirstPageRowsStatement(limit: limit + 1, commentLimit: commentLimit,
                                                                 slot: slot))
        }
        var feedRows = try Self.feedRows(rows, limit: limit)
        if feedRows.page.items.count == limit, rows.count > limit {
            feedRows.page.next = feedRows.page.items.last?.cursor
        }
        return feedRows
    }

    public func itemRows(photoID: Int64, commentLimit: Int, slot: LayoutSlot) async throws -> FeedRows {
        let rows = try await withSession(waitingToReconnect: false) { session in
            try await session.rows(ItemRowsStatement(photoID: photoID, commentLimit: commentLimit, slot: slot))
        }
        return try Self.feedRows(rows, limit: 1)
    }

    /// The first `limit` rows as a page without a next cursor, with their comments and layouts.
    private static func feedRows(_ rows: [PostgresRow], limit: Int) throws -> FeedRows {
        var result = FeedRows(page: FeedPage(items: [], next: nil), comments: [:], layouts: [:])
        for row in rows.prefix(limit) {
            let (item, comments, layout) = try FeedRowsSQL.decode(row)
            result.page.items.append(item)
            if !comments.isEmpty { result.comments[item.photo.id] = comments }
            if let layout { result.layouts[item.photo.id] = layout }
        }
        return result
    }

    public func storeLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)]) async throws {
        let now = clock.nowMilliseconds
        _ = try await write { session in try await Self.putLayouts(entries, now: now, counts: accessCounts, session) }
    }

    public func countLayoutAccess(hits: Int, misses: Int) {
        accessCounts.add(hits: hits, misses: misses)
    }

    public func ping() async throws {
        _ = try await withSession(waitingToReconnect: false) { session in try await session.query("SELECT 1") }
    }

    public func servedLayoutCacheReport(engineVersion: Int) async throws -> LayoutCacheReport {
        _ = try await writeAccessCounts()
        return try await readLayoutCacheReport(engineVersion: engineVersion)
    }

    public func servedJobCounts() async throws -> [JobStateCount] {
        try await withSession(waitingToReconnect: false) { session in try await Self.jobCounts(session) }
    }
}
