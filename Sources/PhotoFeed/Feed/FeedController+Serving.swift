import FeedModel
import LayoutCore

/// Runs CPU-heavy work (laying out cells) on threads made for it, so that an `async` caller awaits
/// it without occupying one of Swift concurrency's cooperative threads. The HTTP service gives a
/// bounded thread pool.
public protocol LayoutExecuting: Sendable {
    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T
}

/// The feed as the HTTP service serves it, asynchronously end to end: one read of the store
/// (``FeedServing``) gives a page's rows, their first comments and their cached layouts; the cells
/// whose layouts are missing or stale are laid out by the `executor` and stored, awaited.
extension FeedController {
    /// The feed page after `cursor`, each cell laid out `width` points wide at `scale`, as
    /// ``page(width:scale:limit:after:)`` gives it.
    public func servedPage(from store: any FeedServing, width: Double, scale: Double = 2, limit: Int = 20,
                           after cursor: FeedCursor? = nil, executor: any LayoutExecuting) async throws -> FeedPageResult {
        let rows = try await store.pageRows(after: cursor, limit: limit, commentLimit: Self.commentPageSize,
                                            slot: Self.slot(width: width, scale: scale))
        let entries = try await servedEntries(rows, from: store, width: width, scale: scale, executor: executor)
        return FeedPageResult(entries: entries, next: rows.page.next, width: width, scale: scale)
    }

    /// One photo's cell laid out `width` points wide at `scale`; nil when there is no such photo.
    public func servedEntry(from store: any FeedServing, photoID: Int64, width: Double, scale: Double = 2,
                            executor: any LayoutExecuting) async throws -> FeedPageEntry? {
        let rows = try await store.itemRows(photoID: photoID, commentLimit: Self.commentPageSize,
                                            slot: Self.slot(width: width, scale: scale))
        return try await servedEntries(rows, from: store, width: width, scale: scale, executor: executor).first
    }

    /// The layout cache's slot of a feed cell `width` points wide at `scale`.
    static func slot(width: Double, scale: Double) -> LayoutSlot {
        LayoutSlot(cellKind: cellKind, sizeRange: CacheSizeRange(sizeRange(width: width)), scale: scale)
    }

    /// The entries of `rows`: a stored layout where its fingerprint and engine version are the
    /// model's, else laid out by `executor` and stored (one write for the page).
    private func servedEntries(_ rows: FeedRows, from store: any FeedServing, width: Double, scale: Double,
                               executor: any LayoutExecuting) async throws -> [FeedPageEntry] {
        let items = rows.page.items
        let models = items.map { model($0, comments: rows.comments) }
        let range = Self.sizeRange(width: width)
        let keys = models.map { cacheKey($0, range: range, scale: scale) }
        var hits: [Int64: CachedLayout] = [:]
        for key in keys {
            if let stored = rows.layouts[key.photoID], stored.isCurrent(for: key) { hits[key.photoID] = stored.layout }
        }
        store.countLayoutAccess(hits: hits.count, misses: items.count - hits.count)
        let missed = items.indices.filter { hits[items[$0].photo.id] == nil }
        var computed: [CachedLayout] = []
        if !missed.isEmpty {
            let missedModels = missed.map { models[$0] }
            computed = try await executor.run { self.measure(missedModels, range: range, scale: scale) }
            try await store.storeLayouts(zip(missed, computed).map { index, layout in (key: keys[index], layout: layout) })
        }
        return Self.entries(items: items, models: models, hits: hits, missed: missed, computed: computed)
    }
}
