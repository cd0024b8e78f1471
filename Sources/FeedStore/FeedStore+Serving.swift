import FeedModel
import GRDB

/// The HTTP service's reads (``FeedServing``) on GRDB's asynchronous API: each read runs on one of
/// the pool's reader connections (a WAL snapshot, never waiting for the writer) and the request
/// awaits it without holding a thread; a layout write awaits the writer the same way. Each read
/// first checks that the path still names the store's file, and a write's commit does (see
/// ``DatabaseFileWatch``): once it was replaced, they throw ``DatabaseFileReplaced``.
extension FeedStore: FeedServing {
    public func pageRows(after cursor: FeedCursor?, limit: Int, commentLimit: Int,
                         slot: LayoutSlot) async throws -> FeedRows {
        precondition(limit > 0, "feed page limit must be positive")
        return try await writer.read { db in
            try fileWatch?.check()
            let page = try Self.feedPage(db, after: cursor, limit: limit)
            return try Self.rows(db, page: page, commentLimit: commentLimit, slot: slot)
        }
    }

    public func itemRows(photoID: Int64, commentLimit: Int, slot: LayoutSlot) async throws -> FeedRows {
        try await writer.read { db in
            try fileWatch?.check()
            let items = try Self.feedItems(db, photoIDs: [photoID]).values
            return try Self.rows(db, page: FeedPage(items: Array(items), next: nil), commentLimit: commentLimit,
                                 slot: slot)
        }
    }

    public func storeLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)]) async throws {
        let now = clock.nowMilliseconds
        let counts = layoutCacheCounts
        try await writer.write { db in
            try Self.writeLayouts(entries, linkSQL: Self.putLinkSQL, sharedSQL: Self.putSharedLayoutSQL, now: now,
                                  counts: counts, db: db)
        }
    }

    public func countLayoutAccess(hits: Int, misses: Int) {
        layoutCacheCounts.add(hits: hits, misses: misses)
    }

    public func ping() async throws {
        _ = try await writer.read { db in
            try fileWatch?.check()
            return try Self.newestUploadTime(db)
        }
    }

    public func servedLayoutCacheReport(engineVersion: Int) async throws -> LayoutCacheReport {
        let counts = layoutCacheCounts.take()
        if !counts.isEmpty {
            do {
                try await writer.write { db in try LayoutCacheCounts.write(counts, db) }
            } catch {
                layoutCacheCounts.restore(counts)
                throw error
            }
        }
        return try await writer.read { db in
            try fileWatch?.check()
            return try Self.layoutCacheReport(db, engineVersion: engineVersion, unwritten: .init())
        }
    }

    public func servedJobCounts() async throws -> [JobStateCount] {
        try await writer.read { db in try Self.jobCounts(db) }
    }

    /// The comments and cached layouts of `page`'s photos, read in the caller's transaction.
    private static func rows(_ db: Database, page: FeedPage, commentLimit: Int, slot: LayoutSlot) throws -> FeedRows {
        let ids = page.items.map(\.photo.id)
        return FeedRows(page: page,
                        comments: commentLimit > 0 ? try firstComments(db, photoIDs: ids, limit: commentLimit) : [:],
                        layouts: try storedLayouts(db, photoIDs: ids, slot: slot))
    }
}
