import FeedModel

/// The contract's JSON of the layout cache: entries, stale, hits, misses, sizeRanges (and the
/// engine version and the layouts stored, which the entries share).
package struct LayoutCacheReportJSON: Encodable {
    struct SizeRange: Encodable {
        var min: [ContractNumber]
        var max: [ContractNumber]
        var scale: ContractNumber
        var entries: Int
    }

    var entries, stale, storedLayouts, hits, misses, engineVersion: Int
    var sizeRanges: [SizeRange]

    package init(_ report: LayoutCacheReport) {
        entries = report.entries
        stale = report.stale
        storedLayouts = report.storedLayouts
        hits = report.hits
        misses = report.misses
        engineVersion = report.engineVersion
        sizeRanges = report.sizeRanges.map { entry in
            SizeRange(min: [ContractNumber(entry.range.minWidth), ContractNumber(entry.range.minHeight)],
                      max: [ContractNumber(entry.range.maxWidth), ContractNumber(entry.range.maxHeight)],
                      scale: ContractNumber(entry.scale), entries: entry.entries)
        }
    }
}
