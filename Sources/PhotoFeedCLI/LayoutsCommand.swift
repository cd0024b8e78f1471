import ArgumentParser
import FeedRendering
import FeedStore
import Foundation
import PhotoFeed

/// `photofeed layouts …`: the persistent layout cache.
struct LayoutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "layouts", abstract: "The layout cache.",
                                                    subcommands: [LayoutsReportCommand.self])
}

/// `photofeed layouts report`: entries by size range and scale, stale entries, hits and misses;
/// as text, also the height distribution per width and the tallest and shortest cells.
struct LayoutsReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "report",
                                                    abstract: "What the layout cache holds.")

    @OptionGroup var store: StoreOptions
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let feedStore = try CommandFailure.run { try store.openStore() }
        switch format {
        case .json:
            let report = try CommandFailure.run {
                try feedStore.layoutCacheReport(engineVersion: EngineVersion.layoutEngine)
            }
            try JSONOutput.print(Self.json(report))
        case .text:
            // The human table: the cache report plus every cached height (LayoutReportFormatter).
            let data = try CommandFailure.run { try LayoutReportData(store: feedStore) }
            let table = LayoutReportFormatter().format(data)
            CommandOutput.current.standardOutput(table.hasSuffix("\n") ? String(table.dropLast()) : table)
        }
    }

    /// The contract's fields: entries, stale, hits, misses, sizeRanges (and the engine version).
    static func json(_ report: LayoutCacheReport) -> [String: Any] {
        [
            "entries": report.entries, "stale": report.stale, "hits": report.hits, "misses": report.misses,
            "engineVersion": report.engineVersion,
            "sizeRanges": report.sizeRanges.map { entry in
                [
                    "min": [JSONOutput.number(entry.range.minWidth), JSONOutput.number(entry.range.minHeight)],
                    "max": [JSONOutput.number(entry.range.maxWidth), JSONOutput.number(entry.range.maxHeight)],
                    "scale": JSONOutput.number(entry.scale), "entries": entry.entries,
                ] as [String: Any]
            },
        ]
    }
}
