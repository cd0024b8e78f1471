import LayoutTestSupport
import FeedModel
@_spi(SQLiteAccess) import FeedStore
import FeedStorePostgres
import Foundation
import GRDB
import Logging
import NIOPosix
import PhotoFeedCLI
import PostgresNIO
import Synchronization
import Testing

/// A SQLite file and a PostgreSQL schema of the test cluster (`PHOTOFEED_TEST_POSTGRES_URL`,
/// which `bin/test` sets after starting a throwaway cluster; without it the tests fail, never
/// skip), both empty, and a way to run a `photofeed` command on each in-process.
struct BothStores {
    struct MissingCluster: Error, CustomStringConvertible {
        var description: String {
            "PHOTOFEED_TEST_POSTGRES_URL is not set: run the tests with bin/test, which starts a throwaway "
                + "PostgreSQL cluster (bin/lib/postgres-cluster.sh), or start one with bin/postgres-dev start "
                + "and export its URL"
        }
    }

    /// What a command printed, line by line, and its exit status.
    struct Result: Equatable, CustomStringConvertible {
        var out: [String]
        var err: [String]
        var status: Int32

        var description: String { "status \(status)\n" + (out + err).joined(separator: "\n") }
    }

    let sqlite: String
    let postgres: String
    private let schema: String
    private let clusterURL: String

    /// The PostgreSQL backend, registered once for this process as `photofeed-server` does.
    private static let registration: Void = StoreBackends.register(.init(schemes: DatabaseKind.postgres.urlSchemes) {
        url, environment, target in
        try PostgresFeedStore(location: PostgresLocation(url: url, environment: environment), migrationTarget: target)
    })

    init() throws {
        Self.registration
        guard let url = ProcessInfo.processInfo.environment["PHOTOFEED_TEST_POSTGRES_URL"], !url.isEmpty else {
            throw MissingCluster()
        }
        let schema = "cli_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try Self.withConnection(url: url) { connection, logger in
            _ = try connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schema)"), logger: logger).wait()
        }
        self.schema = schema
        clusterURL = url
        postgres = url + "?search_path=" + schema
        sqlite = FileManager.default.temporaryDirectory
            .appendingPathComponent("photofeed-both-\(UUID().uuidString).sqlite").path
    }

    /// Runs `photofeed ARGUMENTS --db` on the SQLite file, then on the PostgreSQL schema.
    func run(_ arguments: [String]) async -> (sqlite: Result, postgres: Result) {
        (await Self.run(arguments + ["--db", sqlite]), await Self.run(arguments + ["--db", postgres]))
    }

    /// Runs `photofeed ARGUMENTS` in-process as the executable does, its output captured.
    static func run(_ arguments: [String]) async -> Result {
        let lines = Mutex<(out: [String], err: [String])>(([], []))
        let output = CommandOutput(standardOutput: { line in lines.withLock { $0.out.append(line) } },
                                   standardError: { line in lines.withLock { $0.err.append(line) } })
        let status = await BlockingWorkThreads.run {
            await CommandOutput.$current.withValue(output) { await PhotoFeedCommand.execute(arguments) }
        }
        return lines.withLock { Result(out: $0.out, err: $0.err, status: status) }
    }

    /// Runs one SQL statement that both dialects read alike on each migrated store.
    func execute(_ sql: String) throws {
        let store = try FeedStore(path: sqlite, migrationTarget: .none)
        try store.writer.write { db in try db.execute(sql: sql) }
        try executeOnPostgres(sql)
    }

    /// Runs one SQL statement in the PostgreSQL schema, as it is (no store opens it).
    func executeOnPostgres(_ sql: String) throws {
        try Self.withConnection(url: clusterURL) { connection, logger in
            _ = try connection.query(PostgresQuery(unsafeSQL: "SET search_path TO \(schema)"), logger: logger).wait()
            _ = try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait()
        }
    }

    /// The number `sql` counts in the PostgreSQL schema.
    func countOnPostgres(_ sql: String) throws -> Int {
        var count = -1
        try Self.withConnection(url: clusterURL) { connection, logger in
            _ = try connection.query(PostgresQuery(unsafeSQL: "SET search_path TO \(schema)"), logger: logger).wait()
            let rows = try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait().rows
            count = Int(try rows.first?.decode(Int64.self) ?? -1)
        }
        return count
    }

    private static func withConnection(url: String,
                                       _ body: (PostgresConnection, Logger) throws -> Void) throws {
        let location = try PostgresLocation(url: url)
        let logger = Logger(label: "photofeed.tests.commands")
        let configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.username, password: location.password,
            database: location.database, tls: .disable)
        let connection = try PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 0,
            logger: logger).wait()
        defer { try? connection.close().wait() }
        try body(connection, logger)
    }
}
