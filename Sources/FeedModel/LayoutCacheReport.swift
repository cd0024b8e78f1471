/// What the layout cache holds: `photofeed layouts report`.
public struct LayoutCacheReport: Codable, Hashable, Sendable {
    /// Entries of one size range and scale.
    public struct SizeRangeEntry: Codable, Hashable, Sendable {
        public var range: CacheSizeRange
        public var scale: Double
        public var entries: Int

        public init(range: CacheSizeRange, scale: Double, entries: Int) {
            self.range = range
            self.scale = scale
            self.entries = entries
        }
    }

    public var entries: Int
    /// Entries computed for an older content version of their photo or another engine version.
    public var stale: Int
    /// Layouts stored (`cell_layout`): one per identical cell, shared by the entries that link
    /// it; after a sync run, none that no entry links.
    public var storedLayouts: Int
    public var hits: Int
    public var misses: Int
    public var engineVersion: Int
    public var sizeRanges: [SizeRangeEntry]

    public init(entries: Int, stale: Int, storedLayouts: Int, hits: Int, misses: Int, engineVersion: Int,
                sizeRanges: [SizeRangeEntry]) {
        self.entries = entries
        self.stale = stale
        self.storedLayouts = storedLayouts
        self.hits = hits
        self.misses = misses
        self.engineVersion = engineVersion
        self.sizeRanges = sizeRanges
    }
}
