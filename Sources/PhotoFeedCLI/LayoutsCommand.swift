import ArgumentParser
import FeedStore
import Foundation
import PhotoFeed

/// `photofeed layouts …`: the persistent layout cache.
struct LayoutsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "layouts", abstract: "The layout cache.",
                                                    subcommands: [LayoutsReportCommand.self])
}

/// `photofeed layouts report`: entries by size range and scale, stale entries, hits and misses.
struct LayoutsReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "report",
                                                    abstract: "What the layout cache holds.")

    @OptionGroup var store: StoreOptions
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let report = try CommandFailure.run {
            try store.openStore().layoutCacheReport(engineVersion: EngineVersion.layoutEngine)
        }
        switch format {
        case .json:
            try JSONOutput.print([
                "entries": report.entries, "stale": report.stale, "hits": report.hits, "misses": report.misses,
                "engineVersion": report.engineVersion,
                "sizeRanges": report.sizeRanges.map { entry in
                    [
                        "min": [JSONOutput.number(entry.range.minWidth), JSONOutput.number(entry.range.minHeight)],
                        "max": [JSONOutput.number(entry.range.maxWidth), JSONOutput.number(entry.range.maxHeight)],
                        "scale": JSONOutput.number(entry.scale), "entries": entry.entries,
                    ] as [String: Any]
                },
            ] as [String: Any])
        case .text:
            print("engine version \(report.engineVersion): \(report.entries) entries, \(report.stale) stale, "
                  + "\(report.hits) hits, \(report.misses) misses")
            guard !report.sizeRanges.isEmpty else { return }
            print("min (w×h)      max (w×h)      scale  entries")
            for entry in report.sizeRanges {
                let min = "\(text(entry.range.minWidth))×\(text(entry.range.minHeight))"
                let max = "\(text(entry.range.maxWidth))×\(text(entry.range.maxHeight))"
                print(min.padding(toLength: 15, withPad: " ", startingAt: 0)
                      + max.padding(toLength: 15, withPad: " ", startingAt: 0)
                      + text(entry.scale).padding(toLength: 7, withPad: " ", startingAt: 0) + "\(entry.entries)")
            }
        }
    }

    private func text(_ value: Double) -> String { "\(JSONOutput.number(value))" }
}
