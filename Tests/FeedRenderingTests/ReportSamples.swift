import FeedRendering
import PhotoFeed

/// Layout report inputs for the table tests.
enum ReportSamples {
    /// Ten cells at 375 pt @3x, two at 320 pt @2x (one stale), counters with 75 % hits.
    static let report = LayoutReportData(
        entries: 12, stale: 1, storedLayouts: 9, hits: 30, misses: 10, engineVersion: 3,
        sizeRanges: [
            .init(minWidth: 375, minHeight: 0, maxWidth: 375, maxHeight: .infinity, scale: 3, entries: 10),
            .init(minWidth: 320, minHeight: 0, maxWidth: 320, maxHeight: .infinity, scale: 2, entries: 2),
        ],
        cellHeights: [
            .init(photoID: 1, width: 375, scale: 3, height: 480),
            .init(photoID: 2, width: 375, scale: 3, height: 493.3333333333333),
            .init(photoID: 3, width: 375, scale: 3, height: 456.6666666666667),
            .init(photoID: 4, width: 375, scale: 3, height: 520),
            .init(photoID: 5, width: 375, scale: 3, height: 612.3333333333334),
            .init(photoID: 6, width: 375, scale: 3, height: 480),
            .init(photoID: 7, width: 375, scale: 3, height: 501),
            .init(photoID: 8, width: 375, scale: 3, height: 456.6666666666667),
            .init(photoID: 9, width: 375, scale: 3, height: 470),
            .init(photoID: 10, width: 375, scale: 3, height: 530),
            .init(photoID: 1, width: 320, scale: 2, height: 421.5),
            .init(photoID: 2, width: 320, scale: 2, height: 433, isStale: true),
        ])

    /// A cache that was never used.
    static let empty = LayoutReportData(entries: 0, stale: 0, storedLayouts: 0, hits: 0, misses: 0, engineVersion: 1,
                                        sizeRanges: [], cellHeights: [])
}
