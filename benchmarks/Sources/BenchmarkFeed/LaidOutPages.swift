import FeedModel
import FeedStore
import PhotoFeed

/// The newest pages of a feed, laid out once through ``FeedController`` (which stores each cell's
/// layout under its layout-input fingerprint): where each page starts, and the cache keys of its
/// photos' stored layouts, for benchmarks that read the same pages again warm.
public struct LaidOutPages: Sendable {
    /// Each page's cursor (nil for the first page).
    public private(set) var cursors: [FeedCursor?] = []
    /// Each page's cache keys with the fingerprints the controller stored.
    public private(set) var keysByPage: [[LayoutCacheKey]] = []

    /// Lays out the newest `pages` pages of `store` at `width` and `scale` through `controller`
    /// (one over `store`) and stores their layouts.
    public init(_ controller: FeedController, store: FeedStore, pages: Int, width: Double, scale: Double) throws {
        let range = CacheSizeRange(FeedController.sizeRange(width: width))
        var cursor: FeedCursor?
        for _ in 0..<pages {
            let page = try controller.page(width: width, scale: scale, after: cursor)
            let rows = try store.cachedLayoutEntries(photoIDs: page.entries.map(\.photoID),
                                                     cellKind: FeedController.cellKind)
            let fingerprints = Dictionary(rows.map { ($0.photoID, $0.fingerprint) }, uniquingKeysWith: { $1 })
            keysByPage.append(page.entries.map { entry in
                LayoutCacheKey(cellKind: FeedController.cellKind, photoID: entry.photoID,
                               contentVersion: entry.item.photo.contentVersion, sizeRange: range, scale: scale,
                               engineVersion: EngineVersion.layoutEngine, fingerprint: fingerprints[entry.photoID] ?? [])
            })
            cursors.append(cursor)
            cursor = page.next
        }
    }
}
