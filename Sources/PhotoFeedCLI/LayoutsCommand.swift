import ArgumentParser
import FeedAPIModel
import FeedModel
import FeedRendering
import Foundation
import PhotoFeed

/// `photofeed layouts …`: the persistent layout cache; `layouts report` is the default, as
/// `jobs list` is of `jobs`.
struct LayoutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "layouts", abstract: "The layout cache.",
                                                    subcommands: [LayoutsReportCommand.self],
                                                    defaultSubcommand: LayoutsReportCommand.self)
}

/// `photofeed layouts [report]`: entries by size range and scale, stale entries, hits and misses;
/// as text, also the height distribution per width and the tallest and shortest cells.
struct LayoutsReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "report",
                                                    abstract: "What the layout cache holds.")

    @OptionGroup var store: StoreOptions
    @Option(help: "Output format.") var format: OutputFormat = .text

    func run() throws {
        let output = CommandOutput.current
        try CommandFailure.reporting(database: store.databaseName) {
            let feedStore = try store.openAnyStore(ifMissing: .refuse)
            switch format {
            case .json:
                let report = try feedStore.layoutCacheReport(engineVersion: EngineVersion.layoutEngine)
                try output.json(LayoutCacheReportJSON(report))
            case .text:
                // The human table: the cache report plus every cached height (LayoutReportFormatter).
                output.text(LayoutReportFormatter().format(try LayoutReportData(store: feedStore)))
            }
        }
    }
}
