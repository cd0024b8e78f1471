import ArgumentParser
import FeedStore

/// `photofeed migrate`: applies pending migrations; JSON `{"applied": [...], "current": name}`.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "migrate",
                                                    abstract: "Apply pending Migrations/*.sql in order.")

    @OptionGroup var store: StoreOptions
    @Option(help: "Apply migrations up to and including this one (default: all).") var to: String?
    @Option(help: "Output format: text or json.") var format: OutputFormat = .text

    func run() throws {
        let output = CommandOutput.current
        try CommandFailure.reporting {
            let feedStore = try store.openStore(migrationTarget: .none)
            let report = try feedStore.migrate(upTo: to)
            switch format {
            case .json:
                try output.json(MigrationJSON(report))
            case .text:
                output.standardOutput(report.applied.isEmpty
                    ? "Up to date." : report.applied.map { "Applied \($0)" }.joined(separator: "\n"))
                output.standardOutput("Current: \(report.current ?? "(none)")")
            }
        }
    }
}

/// The contract's JSON of a migration run: `{"applied": [names], "current": name-or-null}`.
struct MigrationJSON: Encodable {
    var applied: [String]
    var current: String?

    init(_ report: MigrationReport) {
        applied = report.applied
        current = report.current
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(applied, forKey: .applied)
        try container.encode(current, forKey: .current)  // null, not left out, before the first migration
    }

    private enum CodingKeys: String, CodingKey {
        case applied, current
    }
}
