import ArgumentParser
import FeedAPIModel
import FeedModel
import FeedStore
import Foundation

/// Output format shared by the commands (`--format json` prints one JSON document on stdout).
enum OutputFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
    case text, json
}

/// `--db PATH`, else `$PHOTOFEED_DB`, else `$DATABASE_URL` (a PostgreSQL URL only), else
/// `./photofeed.sqlite` (contract: the database; ``DatabaseChoice``). A
/// `postgres://user@host:port/name` URL names a PostgreSQL database instead, which the commands
/// open through a registered ``StoreBackends/Server``; the libpq variables (`PGHOST`, …) fill
/// what the URL leaves out.
package struct StoreOptions: ParsableArguments {
    @Option(name: .long, help: """
        The database file or postgres:// URL (default: $PHOTOFEED_DB, else $DATABASE_URL, else ./photofeed.sqlite).
        """)
    package var db: String?

    @Option(name: .customLong("busy-timeout"), parsing: .unconditional,
            help: "Seconds to wait for another process's lock before failing with status 75.")
    package var busyTimeout: Double = 5

    package var path: String { choice.text }

    /// The database and where it was named, from the process's environment.
    var choice: DatabaseChoice { DatabaseChoice(option: db, environment: ProcessInfo.processInfo.environment) }

    package init() {}

    package func validate() throws {
        try OptionRange.busyTimeout.check(busyTimeout)
        if db?.isEmpty == true {
            throw ValidationError("--db needs a database file or a postgres:// URL, not an empty string")
        }
        if db == nil, let raw = getenv("PHOTOFEED_DB") {
            let bytes = Array(UnsafeBufferPointer(start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self),
                                                  count: strlen(raw)))
            if String(validating: bytes, as: UTF8.self) == nil {
                throw ValidationError("$PHOTOFEED_DB is not valid UTF-8: \"\(ArgumentBytes.escaped(bytes))\"; "
                                      + "photofeed reads paths as UTF-8 only")
            }
        }
        if let refusal = choice.refusedDatabaseURL { throw ValidationError(refusal) }
        if case .sqlite(let file) = location, DatabaseFilePresence(file) == .directory {
            throw ValidationError("\(choice.source.rawValue) \(file) is a directory, not a database file")
        }
    }

    /// Where ``path`` points.
    var location: StoreLocation { StoreLocation(path) }

    /// The database for messages (a URL without its password).
    package var databaseName: String { location.displayName }

    /// Opens and migrates the SQLite database; a server URL is refused, naming it, for the
    /// commands that work on SQLite files only. A file that is not there is created only when
    /// `missing` says so (``MissingDatabase``); otherwise it is ``NoDatabaseError`` (66).
    package func openStore(migrationTarget: MigrationTarget = .latest,
                           ifMissing missing: MissingDatabase = .create) throws -> FeedStore {
        guard case .sqlite(let path) = location else {
            try requireServerBackend()
            throw UnsupportedStoreLocation(source: choice.source, location: databaseName,
                                           reason: "this command works on SQLite database files only")
        }
        if missing == .refuse, DatabaseFilePresence(path) == .absent { throw NoDatabaseError(path: path) }
        return try FeedStore(path: path, busyTimeout: busyTimeout, migrationTarget: migrationTarget)
    }

    /// Opens and migrates the database, SQLite or server, behind the store seam. `missing`
    /// applies to SQLite files; a server database is opened as it is.
    package func openAnyStore(migrationTarget: MigrationTarget = .latest,
                              ifMissing missing: MissingDatabase = .create) throws -> any MigratingFeedStore {
        switch location {
        case .sqlite:
            return try openStore(migrationTarget: migrationTarget, ifMissing: missing)
        case .server(_, let url):
            let server = try requireServerBackend()
            return try server.open(url, ProcessInfo.processInfo.environment, migrationTarget)
        }
    }

    /// The registered server store for ``location``'s scheme; without one, this build opens SQLite
    /// files only, which the error says.
    @discardableResult
    private func requireServerBackend() throws -> StoreBackends.Server {
        guard case .server(let scheme, _) = location, let server = StoreBackends.server(forScheme: scheme) else {
            throw UnsupportedStoreLocation(
                source: choice.source, location: databaseName,
                reason: "this photofeed opens SQLite database files only; PostgreSQL needs photofeed-server")
        }
        return server
    }
}
