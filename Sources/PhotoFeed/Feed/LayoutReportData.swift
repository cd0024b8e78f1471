/// What `photofeed layouts report` prints about the layout cache, as plain numbers.
///
/// The store fills it: `entries`, `stale`, `hits`, `misses`, `engineVersion` and `sizeRanges`
/// (one row per size range and scale, its `CacheSizeRange` bounds copied field by field) are its
/// cache report's; `cellHeights` is one row per cached layout (photo, the range's width, scale,
/// cached height, whether its content or engine version is out of date). Kept free of the store's
/// types so the formatter can be tested, and used, without a database.
public struct LayoutReportData: Sendable, Hashable, Codable {
    /// The entries cached for one size range and scale.
    public struct SizeRangeRow: Sendable, Hashable, Codable {
        public var minWidth: Double
        public var minHeight: Double
        /// `.infinity` when unbounded.
        public var maxWidth: Double
        public var maxHeight: Double
        public var scale: Double
        public var entries: Int

        public init(minWidth: Double, minHeight: Double, maxWidth: Double, maxHeight: Double, scale: Double,
                    entries: Int) {
            self.minWidth = minWidth
            self.minHeight = minHeight
            self.maxWidth = maxWidth
            self.maxHeight = maxHeight
            self.scale = scale
            self.entries = entries
        }
    }

    /// One cached cell's height (a row of the cache: photo, width, scale).
    public struct CellHeight: Sendable, Hashable, Codable {
        public var photoID: Int64
        public var width: Double
        public var scale: Double
        public var height: Double
        /// Whether the entry was computed for an older content or engine version.
        public var isStale: Bool

        public init(photoID: Int64, width: Double, scale: Double, height: Double, isStale: Bool = false) {
            self.photoID = photoID
            self.width = width
            self.scale = scale
            self.height = height
            self.isStale = isStale
        }
    }

    public var entries: Int
    public var stale: Int
    /// Layouts stored, shared by the entries of identical cells.
    public var storedLayouts: Int
    public var hits: Int
    public var misses: Int
    public var engineVersion: Int
    public var sizeRanges: [SizeRangeRow]
    /// Every cached cell's height; the distributions and the tallest and shortest cells come from
    /// these. May be empty (the table then says so).
    public var cellHeights: [CellHeight]

    public init(entries: Int, stale: Int, storedLayouts: Int, hits: Int, misses: Int, engineVersion: Int,
                sizeRanges: [SizeRangeRow], cellHeights: [CellHeight]) {
        self.entries = entries
        self.stale = stale
        self.storedLayouts = storedLayouts
        self.hits = hits
        self.misses = misses
        self.engineVersion = engineVersion
        self.sizeRanges = sizeRanges
        self.cellHeights = cellHeights
    }

    /// `hits / (hits + misses)`, or `nil` before the first lookup.
    public var hitRatio: Double? {
        let lookups = hits + misses
        return lookups > 0 ? Double(hits) / Double(lookups) : nil
    }
}
