import ArgumentParser
import FeedModel

/// `photofeed migrate`: applies pending migrations; JSON `{"applied": [...], "current": name}`.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "migrate",
                                                    abstract: "Apply pending Migrations/*.sql in order.")

    @OptionGroup var store: StoreOptions
    @Option(help: "Apply migrations up to and including this one (default: all).") var to: String?
    @Option(help: "Output format.") var format: OutputFormat = .text

    func run() throws {
        let output = CommandOutput.current
        try CommandFailure.reporting(database: store.databaseName) {
            let feedStore = try store.openAnyStore(migrationTarget: .none)
            if let to { try MigrationTargetBehind.check(to, in: feedStore, database: store.databaseName) }
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

/// `migrate --to NAME` where the database already has a later migration: migrations only run
/// forward, so the database is left as it is (status 65).
struct MigrationTargetBehind: InputDataError {
    var database: String
    var current: String
    var target: String

    var description: String {
        "the database \(database) is at \(current), newer than \(target); migrations only run forward"
    }

    /// Throws when `feedStore` has applied a migration that comes after `target`; a target that
    /// does not exist is left to `migrate(upTo:)` to refuse.
    static func check(_ target: String, in feedStore: any MigratingFeedStore, database: String) throws {
        let order = feedStore.migrations.map(\.name)
        guard let targetIndex = order.firstIndex(of: target), let current = try feedStore.appliedMigrations().last,
              let currentIndex = order.firstIndex(of: current), currentIndex > targetIndex else { return }
        throw MigrationTargetBehind(database: database, current: current, target: target)
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
