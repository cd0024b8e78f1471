import FeedModel

/// A synchronous stand-in for the served reads (each call holds its thread for the sync reads),
/// until the asynchronous PostgreSQL store replaces it.
extension PostgresFeedStore: FeedServing {
    public func pageRows(after cursor: FeedCursor?, limit: Int, commentLimit: Int, slot: LayoutSlot) async throws -> FeedRows {
        let page = try feedPage(after: cursor, limit: limit)
        return try rows(page, commentLimit: commentLimit, slot: slot)
    }
    public func itemRows(photoID: Int64, commentLimit: Int, slot: LayoutSlot) async throws -> FeedRows {
        try rows(FeedPage(items: Array(try feedItems(photoIDs: [photoID]).values), next: nil), commentLimit: commentLimit, slot: slot)
    }
    private func rows(_ page: FeedPage, commentLimit: Int, slot: LayoutSlot) throws -> FeedRows {
        let ids = page.items.map(\.photo.id)
        let entries = try cachedLayoutEntries(photoIDs: ids, cellKind: slot.cellKind)
        var layouts: [Int64: StoredLayout] = [:]
        for e in entries where e.sizeRange == slot.sizeRange && e.scale == slot.scale {
            let key = LayoutCacheKey(cellKind: slot.cellKind, photoID: e.photoID, contentVersion: e.contentVersion, sizeRange: e.sizeRange, scale: e.scale, engineVersion: e.engineVersion, fingerprint: e.fingerprint)
            if let l = try cachedLayouts(for: [key], countAccess: false)[e.photoID] {
                layouts[e.photoID] = StoredLayout(fingerprint: e.fingerprint, engineVersion: e.engineVersion, layout: l)
            }
        }
        return FeedRows(page: page, comments: try firstComments(photoIDs: ids, limit: commentLimit), layouts: layouts)
    }
    public func storeLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)]) async throws { try putLayouts(entries) }
    public func countLayoutAccess(hits: Int, misses: Int) { accessCounts.add(hits: hits, misses: misses) }
    public func ping() async throws { _ = try newestUploadTime() }
    public func servedLayoutCacheReport(engineVersion: Int) async throws -> LayoutCacheReport {
        _ = try writeLayoutCacheCounts(); return try layoutCacheReport(engineVersion: engineVersion)
    }
}
