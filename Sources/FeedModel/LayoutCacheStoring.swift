/// The persistent layout cache: layouts by (photo, cell kind, size range, scale) with the
/// layout-input fingerprint and engine version they were computed for, and the photo's
/// content version they were last confirmed against. A row whose fingerprint or engine version
/// is not the request's is never served. `FeedStore` is the SQLite
/// implementation.
public protocol LayoutCacheStoring: Sendable {
    /// The fresh layouts of `keys`, by photo id, read without a write lock; `countAccess` counts
    /// the hits and misses, which are written with the next layout write.
    func cachedLayouts(for keys: [LayoutCacheKey], countAccess: Bool) throws -> [Int64: CachedLayout]
    /// Writes the hits and misses counted since the last layout write, unless the database is
    /// busy (then false, and they stay counted).
    func writeLayoutCacheCounts() throws -> Bool
    /// Stores the layouts, replacing any row of the same key.
    func putLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)]) throws
    /// Stores layouts recomputed for rows that exist; returns how many rows it wrote.
    @discardableResult
    func replaceLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)]) throws -> Int
    /// Confirms rows whose fingerprint and engine version equal `keys`' for the keys' content
    /// versions, writing no layout; returns how many rows it changed.
    @discardableResult
    func confirmLayouts(_ keys: [LayoutCacheKey]) throws -> Int
    /// Stores layouts recomputed for rows that exist and confirms `keys` (a relayout pass's
    /// writes), in one transaction where the store can; returns how many rows each changed.
    @discardableResult
    func replaceAndConfirmLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)],
                                  confirming keys: [LayoutCacheKey]) throws -> (replaced: Int, confirmed: Int)
    /// The size ranges and scales cached for a photo and cell kind.
    func cachedSizeRanges(photoID: Int64, cellKind: String) throws -> [(range: CacheSizeRange, scale: Double)]
    /// Every cached row of `photoIDs` for `cellKind`, whatever its versions.
    func cachedLayoutEntries(photoIDs: [Int64], cellKind: String) throws -> [CachedLayoutEntry]
    /// Every cached row's height with whether it is stale for `engineVersion`.
    func cachedLayoutHeights(engineVersion: Int) throws -> [CachedLayoutEntry]
    /// How many photos have a cached layout of `cellKind`.
    func cachedPhotoCount(cellKind: String) throws -> Int
    /// The cache's summary for `engineVersion`.
    func layoutCacheReport(engineVersion: Int) throws -> LayoutCacheReport
}

extension LayoutCacheStoring {
    /// ``replaceLayouts(_:)``, then ``confirmLayouts(_:)``: two transactions.
    @discardableResult
    public func replaceAndConfirmLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)],
                                         confirming keys: [LayoutCacheKey]) throws -> (replaced: Int, confirmed: Int) {
        let replaced = entries.isEmpty ? 0 : try replaceLayouts(entries)
        return (replaced, keys.isEmpty ? 0 : try confirmLayouts(keys))
    }
}
