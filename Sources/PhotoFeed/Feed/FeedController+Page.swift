import FeedModel
import LayoutCore
import NodeKit

extension FeedController {
    /// The feed page after `cursor` (the newest `limit` photos without one), each with its cell
    /// layout `width` points wide at `scale`.
    ///
    /// One query reads the page's rows, one their first comments and one its cached layouts
    /// (counting hits and misses). The misses are inserted into the live cells' data controller
    /// (``PhotoCellCache``): their node blocks run and the new cells are measured at the feed's
    /// constrained size, in parallel; their layouts are stored in one transaction. A hit needs no
    /// cell: its size is known, so, as with Texture's `ASCollectionLayout` for layouts that know
    /// every size, no cell is allocated for it until something displays it.
    ///
    /// With `storesMisses` false, the layouts computed are not stored: a command stores them with
    /// ``storeMisses(of:width:scale:)`` once its output has gone out, so a command that fails
    /// leaves the database as it was.
    public func page(width: Double, scale: Double = 2, limit: Int = 20,
                     after cursor: FeedCursor? = nil, storesMisses: Bool = true) throws -> FeedPageResult {
        let feed = try store.feedPage(after: cursor, limit: limit)
        let entries = try layouts(for: feed.items, width: width, scale: scale, storesMisses: storesMisses)
        return FeedPageResult(entries: entries, next: feed.next, width: width, scale: scale)
    }

    /// The layout of one photo's cell, from the cache or computed and stored (unless
    /// `storesMisses` is false, as for ``page(width:scale:limit:after:storesMisses:)``); nil when
    /// there is no such photo.
    public func entry(photoID: Int64, width: Double, scale: Double = 2, storesMisses: Bool = true) throws
        -> FeedPageEntry? {
        guard let item = try store.feedItems(photoIDs: [photoID])[photoID] else { return nil }
        return try layouts(for: [item], width: width, scale: scale, storesMisses: storesMisses).first
    }

    /// Stores the layouts of `entries` that were computed (their misses), laid out `width` points
    /// wide at `scale`, in one transaction.
    public func storeMisses(of entries: [FeedPageEntry], width: Double, scale: Double) throws {
        let range = Self.sizeRange(width: width)
        let missed = entries.filter { $0.cache == .miss }
        guard !missed.isEmpty else { return }
        try store.putLayouts(missed.map { (key: cacheKey($0.model, range: range, scale: scale), layout: $0.layout) })
    }

    /// Cached layouts where they are current, computed (and stored) ones elsewhere. The items'
    /// models (one query for their first comments) give each key its layout-input fingerprint,
    /// so a cached row whose inputs differ from the data read now is a miss.
    func layouts(for items: [FeedItem], width: Double, scale: Double, storesMisses: Bool = true) throws
        -> [FeedPageEntry] {
        let range = Self.sizeRange(width: width)
        let comments = try store.firstComments(photoIDs: items.map(\.photo.id), limit: Self.commentPageSize)
        let models = items.map { model($0, comments: comments) }
        let keys = models.map { cacheKey($0, range: range, scale: scale) }
        let hits = try store.cachedLayouts(for: keys, countAccess: true)
        let missed = items.indices.filter { hits[items[$0].photo.id] == nil }
        let computed = missed.isEmpty ? [] : measure(missed.map { models[$0] }, range: range, scale: scale)
        if storesMisses && !missed.isEmpty {
            try store.putLayouts(zip(missed, computed).map { index, layout in (key: keys[index], layout: layout) })
        }
        return Self.entries(items: items, models: models, hits: hits, missed: missed, computed: computed)
    }

    /// The entries of `items`: a hit's cached layout, and for the `missed` indices, in order, the
    /// `computed` layouts.
    static func entries(items: [FeedItem], models: [PhotoCellModel], hits: [Int64: CachedLayout], missed: [Int],
                        computed: [CachedLayout]) -> [FeedPageEntry] {
        var entries = zip(items, models).map { item, model in
            hits[item.photo.id].map { FeedPageEntry(item: item, layout: $0, cache: .hit, model: model) }
        }
        for (index, layout) in zip(missed, computed) {
            entries[index] = FeedPageEntry(item: items[index], layout: layout, cache: .miss, model: models[index])
        }
        return entries.map { $0! }
    }

    /// Lays out the cells of `models` (live cells updated to them) in parallel.
    func measure(_ models: [PhotoCellModel], range: SizeRange, scale: Double) -> [CachedLayout] {
        let cells = self.cells.cells(for: models, range: range, context: LayoutContext(scale: scale))
        // Every cell is measured already: this reads each one's layout into the cache's form.
        return ParallelWork.map(count: cells.count, width: parallelism) { index in
            Self.measure(cells[index], range: range, scale: scale)
        }
    }

    /// The cells of `items`, showing their current models (one query for the comments).
    public func cells(for items: [FeedItem]) throws -> [PhotoCellNode] {
        let comments = try store.firstComments(photoIDs: items.map(\.photo.id), limit: Self.commentPageSize)
        return cells.cells(for: items.map { model($0, comments: comments) })
    }
}
