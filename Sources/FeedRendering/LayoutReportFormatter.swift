import PhotoFeed

/// Formats ``LayoutReportData`` as the human table of `photofeed layouts report`.
///
/// Sections, in order: totals (entries, stale entries, layouts stored, hits, misses, hit ratio,
/// engine version), entries per size range and scale, the height distribution per width and
/// scale (count, min, p50, p90, max, then a small text histogram for each), and the tallest and
/// shortest cells. Rows are sorted (size ranges by their numbers, widths ascending, cells by
/// height then photo id, width and scale), so the same data always prints the same text.
/// Numbers print exactly when whole and with one decimal otherwise; an unbounded maximum prints
/// as "inf".
public struct LayoutReportFormatter: Sendable {
    /// How many cells the tallest and shortest lists show.
    public var extremeCount: Int
    /// Histogram buckets per width and the length of the longest bar.
    public var bucketCount: Int
    public var barWidth: Int

    public init(extremeCount: Int = 3, bucketCount: Int = 6, barWidth: Int = 30) {
        self.extremeCount = max(1, extremeCount)
        self.bucketCount = max(1, bucketCount)
        self.barWidth = max(1, barWidth)
    }

    /// The report as lines of text, ending with a newline.
    public func format(_ report: LayoutReportData) -> String {
        var lines = totals(report)
        lines += [""] + sizeRanges(report)
        lines += [""] + distributions(report)
        lines += [""] + extremes(report)
        return lines.joined(separator: "\n") + "\n"
    }

    private func totals(_ report: LayoutReportData) -> [String] {
        let ratio = report.hitRatio.map { "\(number($0 * 100))%" } ?? "n/a (no lookups yet)"
        let stalePart = report.entries > 0
            ? " (\(number(Double(report.stale) / Double(report.entries) * 100))%)" : ""
        return [
            "Layout cache (engine version \(report.engineVersion))",
            "  entries    \(report.entries)",
            "  stale      \(report.stale)\(stalePart)",
            "  stored     \(report.storedLayouts) layouts (identical cells share one)",
            "  hits       \(report.hits)",
            "  misses     \(report.misses)",
            "  hit ratio  \(ratio)",
        ]
    }

    private func sizeRanges(_ report: LayoutReportData) -> [String] {
        guard !report.sizeRanges.isEmpty else { return ["Size ranges: none cached"] }
        var table = TextTable([("min", .left), ("max", .left), ("scale", .right), ("entries", .right)])
        let rows = report.sizeRanges.sorted {
            ($0.minWidth, $0.minHeight, $0.maxWidth, $0.maxHeight, $0.scale)
                < ($1.minWidth, $1.minHeight, $1.maxWidth, $1.maxHeight, $1.scale)
        }
        for row in rows {
            table.append(["\(number(row.minWidth)) × \(number(row.minHeight))",
                          "\(number(row.maxWidth)) × \(number(row.maxHeight))",
                          "@\(number(row.scale))x", "\(row.entries)"])
        }
        return ["Size ranges"] + table.lines()
    }

    private func distributions(_ report: LayoutReportData) -> [String] {
        let groups = Dictionary(grouping: report.cellHeights) { WidthScale(width: $0.width, scale: $0.scale) }
        let keys = groups.keys.sorted { ($0.width, $0.scale) < ($1.width, $1.scale) }
        let summaries = keys.compactMap { key in
            HeightDistribution(groups[key, default: []].map(\.height), bucketCount: bucketCount).map { (key, $0) }
        }
        guard !summaries.isEmpty else { return ["Heights: no cached cells"] }
        var table = TextTable([("width", .right), ("scale", .right), ("cells", .right), ("min", .right),
                               ("p50", .right), ("p90", .right), ("max", .right)])
        for (key, summary) in summaries {
            table.append([number(key.width), "@\(number(key.scale))x", "\(summary.count)", number(summary.min),
                          number(summary.p50), number(summary.p90), number(summary.max)])
        }
        var lines = ["Heights (pt) per width"] + table.lines()
        for (key, summary) in summaries {
            lines += ["", "  \(number(key.width)) pt @\(number(key.scale))x"] + histogram(summary)
        }
        return lines
    }

    private func histogram(_ summary: HeightDistribution) -> [String] {
        let largest = summary.buckets.map(\.count).max() ?? 0
        var table = TextTable([("from", .right), ("", .left), ("to", .right), ("bar", .left), ("cells", .right)])
        for bucket in summary.buckets {
            let length = largest > 0 ? (bucket.count * barWidth + largest - 1) / largest : 0
            let bar = String(repeating: "#", count: length) + String(repeating: " ", count: barWidth - length)
            table.append([number(bucket.lower), "–", number(bucket.upper), bar, "\(bucket.count)"])
        }
        return table.lines(indent: "    ").dropFirst().map { $0 }
    }

    private func extremes(_ report: LayoutReportData) -> [String] {
        let sorted = report.cellHeights.filter(\.height.isFinite).sorted {
            ($0.height, $0.photoID, $0.width, $0.scale) < ($1.height, $1.photoID, $1.width, $1.scale)
        }
        guard !sorted.isEmpty else { return ["Tallest and shortest cells: none cached"] }
        let tallest = Array(sorted.suffix(extremeCount).reversed())
        let shortest = Array(sorted.prefix(extremeCount))
        return ["Tallest cells"] + cellTable(tallest) + ["", "Shortest cells"] + cellTable(shortest)
    }

    private func cellTable(_ cells: [LayoutReportData.CellHeight]) -> [String] {
        var table = TextTable([("photo", .right), ("width", .right), ("scale", .right), ("height", .right),
                               ("", .left)])
        for cell in cells {
            table.append(["\(cell.photoID)", number(cell.width), "@\(number(cell.scale))x", number(cell.height),
                          cell.isStale ? "stale" : ""])
        }
        return table.lines()
    }

    private func number(_ value: Double) -> String { RenderNumber.format(value, decimals: 1) }
}

private struct WidthScale: Hashable {
    var width: Double
    var scale: Double
}
