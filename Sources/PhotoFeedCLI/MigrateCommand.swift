import ArgumentParser
import FeedStore
import Foundation

/// `photofeed migrate`: applies pending migrations; JSON `{"applied": [...], "current": name}`.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "migrate",
                                                    abstract: "Apply pending Migrations/*.sql in order.")

    @OptionGroup var store: StoreOptions
    @Option(help: "Apply migrations up to and including this one (default: all).") var to: String?
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let report = try CommandFailure.run {
            let feedStore = try store.openStore(migrationTarget: .none)
            return try feedStore.migrate(upTo: to)
        }
        switch format {
        case .json:
            try JSONOutput.print(["applied": report.applied, "current": report.current.map { $0 as Any } ?? NSNull()])
        case .text:
            print(report.applied.isEmpty ? "Up to date." : report.applied.map { "Applied \($0)" }.joined(separator: "\n"))
            print("Current: \(report.current ?? "(none)")")
        }
    }
}
