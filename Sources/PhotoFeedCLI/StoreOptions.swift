import ArgumentParser
import FeedStore
import Foundation

/// Output format shared by the commands (`--format json` prints one JSON document on stdout).
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json
}

/// `--db PATH`, else `$PHOTOFEED_DB`, else `./photofeed.sqlite` (contract: the database).
struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: "The database file (default: $PHOTOFEED_DB, else ./photofeed.sqlite).")
    var db: String?

    @Option(name: .customLong("busy-timeout"),
            help: "Seconds to wait for another process's lock before failing with status 75.")
    var busyTimeout: Double = 5

    var path: String {
        if let db { return db }
        if let environment = ProcessInfo.processInfo.environment["PHOTOFEED_DB"], !environment.isEmpty {
            return environment
        }
        return "photofeed.sqlite"
    }

    func validate() throws {
        guard busyTimeout.isFinite, busyTimeout >= 0 else {
            throw ValidationError("--busy-timeout must be a non-negative number of seconds, not \(busyTimeout)")
        }
    }

    /// Opens and migrates the database.
    func openStore(migrationTarget: FeedStore.MigrationTarget = .latest) throws -> FeedStore {
        try FeedStore(path: path, busyTimeout: busyTimeout, migrationTarget: migrationTarget)
    }
}
