import FeedModel

/// Whether a cell's layout came from the layout cache.
public enum LayoutCacheOutcome: String, Hashable, Sendable {
    case hit, miss
}

/// One feed item with its cell layout and the model its cell showed (whose labels are the
/// cell's texts).
public struct FeedPageEntry: Hashable, Sendable {
    public var item: FeedItem
    public var layout: CachedLayout
    public var cache: LayoutCacheOutcome
    public var model: PhotoCellModel

    public var photoID: Int64 { item.photo.id }
}

/// A feed page laid out at one width and scale, and the cursor of the next page.
public struct FeedPageResult: Hashable, Sendable {
    public var entries: [FeedPageEntry]
    public var next: FeedCursor?
    public var width: Double
    public var scale: Double

    public var hits: Int { entries.count { $0.cache == .hit } }
    public var misses: Int { entries.count { $0.cache == .miss } }
}
