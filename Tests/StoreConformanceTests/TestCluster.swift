import FeedStorePostgres
import Foundation
import Logging
import NIOPosix
import PostgresNIO
import Testing

/// The PostgreSQL server of the test run: `PHOTOFEED_TEST_POSTGRES_URL`, which `bin/test` sets
/// after starting a throwaway cluster. Without it the PostgreSQL tests fail: they never skip.
enum TestCluster {
    struct Missing: Error, CustomStringConvertible {
        var description: String {
            "PHOTOFEED_TEST_POSTGRES_URL is not set: run the tests with bin/test, which starts a throwaway "
                + "PostgreSQL cluster (bin/lib/postgres-cluster.sh), or start one with bin/postgres-dev start "
                + "and export its URL"
        }
    }

    /// The cluster's database.
    static func location() throws -> PostgresLocation {
        guard let url = ProcessInfo.processInfo.environment["PHOTOFEED_TEST_POSTGRES_URL"], !url.isEmpty else {
            throw Missing()
        }
        return try PostgresLocation(url: url)
    }

    /// A new schema of the cluster's database, and the location whose tables live in it.
    static func freshSchema() throws -> PostgresLocation {
        try freshSchema(in: location())
    }

    /// A new schema of `cluster`'s database, and the location whose tables live in it.
    static func freshSchema(in cluster: PostgresLocation) throws -> PostgresLocation {
        var location = cluster
        let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try withConnection(to: cluster) { connection in
            _ = try connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schema)"), logger: logger).wait()
        }
        location.searchPath = schema
        return location
    }

    /// Ends the server sessions of `applicationName`, as a server restart would; returns how many.
    static func terminateSessions(applicationName: String) throws -> Int {
        try withConnection { connection in
            let rows = try connection.query("""
                SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                WHERE application_name = \(applicationName) AND pid <> pg_backend_pid()
                """, logger: logger).wait().rows
            return rows.count
        }
    }

    /// Runs `statements` in order in `location`'s schema.
    static func execute(_ statements: [String], in location: PostgresLocation) throws {
        let schema = try #require(location.searchPath)
        try withConnection { connection in
            for sql in ["SET search_path TO \(schema)"] + statements {
                _ = try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait()
            }
        }
    }

    /// The count that `sql` (one row, one bigint) gives in `location`'s schema.
    static func count(_ sql: String, in location: PostgresLocation) throws -> Int {
        let schema = try #require(location.searchPath)
        return try withConnection { connection in
            _ = try connection.query(PostgresQuery(unsafeSQL: "SET search_path TO \(schema)"), logger: logger).wait()
            let rows = try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait().rows
            return Int(try #require(rows.first).decode(Int64.self))
        }
    }

    /// The rows `sql` gives in the cluster's database.
    static func rows(_ sql: String) throws -> [PostgresRow] {
        try withConnection { connection in
            try Array(connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait().rows)
        }
    }

    static let logger = Logger(label: "photofeed.tests.postgres")

    /// Runs `body` on a new connection to the cluster's database.
    private static func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
        try withConnection(to: location(), body)
    }

    /// Runs `body` on a new connection to `location`'s database.
    private static func withConnection<T>(to location: PostgresLocation,
                                          _ body: (PostgresConnection) throws -> T) throws -> T {
        let configuration = location.testConnectionConfiguration
        let connection = try PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 0,
            logger: logger).wait()
        defer { try? connection.close().wait() }
        return try body(connection)
    }
}

extension PostgresLocation {
    /// The `--db` URL of this location, its schema included.
    var url: String { description }

    /// A plain connection of the tests' own to this location's database: no TLS, and none of
    /// the store's startup parameters (no search path, no session limits).
    var testConnectionConfiguration: PostgresConnection.Configuration {
        PostgresConnection.Configuration(host: host, port: port, username: username, password: password,
                                         database: database, tls: .disable)
    }
}
