import FeedModel

extension LayoutReportData {
    /// The report data of `store`'s layout cache for `engineVersion`: its cache report plus every
    /// cached row's height (two reads).
    public init(store: any LayoutCacheStoring, engineVersion: Int = EngineVersion.layoutEngine) throws {
        let report = try store.layoutCacheReport(engineVersion: engineVersion)
        let heights = try store.cachedLayoutHeights(engineVersion: engineVersion)
        self.init(report: report, heights: heights)
    }

    /// Copies the store's report and height rows field by field (the width of a row is its size
    /// range's maximum width, which is the cell width for feed cells).
    public init(report: LayoutCacheReport, heights: [CachedLayoutEntry]) {
        self.init(
            entries: report.entries, stale: report.stale, storedLayouts: report.storedLayouts, hits: report.hits,
            misses: report.misses,
            engineVersion: report.engineVersion,
            sizeRanges: report.sizeRanges.map { row in
                SizeRangeRow(minWidth: row.range.minWidth, minHeight: row.range.minHeight,
                             maxWidth: row.range.maxWidth, maxHeight: row.range.maxHeight, scale: row.scale,
                             entries: row.entries)
            },
            cellHeights: heights.map { entry in
                CellHeight(photoID: entry.photoID, width: entry.sizeRange.maxWidth, scale: entry.scale,
                           height: entry.height, isStale: entry.isStale)
            })
    }
}
