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
        var location = try location()
        let schema = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let configuration = PostgresConnection.Configuration(
            host: location.host, port: location.port, username: location.username, password: location.password,
            database: location.database, tls: .disable)
        let connection = try PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 0,
            logger: Logger(label: "photofeed.tests.postgres")).wait()
        defer { try? connection.close().wait() }
        _ = try connection.simpleQuery("CREATE SCHEMA \(schema)").wait()
        location.searchPath = schema
        return location
    }
}
