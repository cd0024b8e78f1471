import FeedStorePostgres
import Logging
import NIOPosix
import PostgresNIO

/// The round trip to PostgreSQL as a client sees it: `SELECT 1` on one connection, one at a time,
/// to a port (the server's own, or a ``DelayProxy`` in front of it). The difference of two
/// medians is the round trip the proxy adds.
enum RoundTrip {
    static let warmUp = 50
    static let runs = 400

    /// The median of ``runs`` `SELECT 1` round trips in milliseconds, through `port` on the
    /// host of `location`, after ``warmUp``.
    static func selectOne(_ location: PostgresLocation, port: Int) throws -> Double {
        let logger = Logger(label: "photofeed.bench.round-trip")
        let configuration = PostgresConnection.Configuration(
            host: location.host, port: port, username: location.username, password: location.password,
            database: location.database, tls: .disable)
        let connection = try PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 1, logger: logger).wait()
        defer { try? connection.close().wait() }
        var samples: [Double] = []
        for run in 0 ..< warmUp + runs {
            let time = try Timing.microseconds {
                _ = try connection.query(PostgresQuery(unsafeSQL: "SELECT 1"), logger: logger).wait()
            }
            if run >= warmUp { samples.append(time / 1000) }
        }
        return Timing.percentile(samples, 0.5)
    }
}
