import ArgumentParser
import FeedStore
import Foundation

/// Output format shared by the commands (`--format json` prints one JSON document on stdout).
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json
}

/// `--db PATH`, else `$PHOTOFEED_DB`, else `./photofeed.sqlite` (contract: the database).
package struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: "The database file (default: $PHOTOFEED_DB, else ./photofeed.sqlite).")
    package var db: String?

    @Option(name: .customLong("busy-timeout"),
            help: "Seconds to wait for another process's lock before failing with status 75.")
    package var busyTimeout: Double = 5

    package var path: String {
        if let db { return db }
        if let environment = ProcessInfo.processInfo.environment["PHOTOFEED_DB"], !environment.isEmpty {
            return environment
        }
        return "photofeed.sqlite"
    }

    package init() {}

    package func validate() throws {
        try OptionRange.busyTimeout.check(busyTimeout)
        if db == nil, let raw = getenv("PHOTOFEED_DB") {
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self),
                                                  count: strlen(raw)))
            if String(validating: bytes, as: UTF8.self) == nil {
                throw ValidationError("$PHOTOFEED_DB is not valid UTF-8: \"\(ArgumentBytes.escaped(bytes))\"; "
                                      + "photofeed reads paths as UTF-8 only")
            }
        }
    }

    /// Opens and migrates the database.
    package func openStore(migrationTarget: FeedStore.MigrationTarget = .latest) throws -> FeedStore {
        try FeedStore(path: path, busyTimeout: busyTimeout, migrationTarget: migrationTarget)
    }
}
