import FeedStorePostgres
import Foundation
import Logging
import NIOPosix
import PostgresNIO

/// The benchmark's databases on the cluster: a seeded template, copied for each run
/// (`CREATE DATABASE … TEMPLATE`, a file copy, so every run starts from the same rows), and the
/// digest of a run's final feed.
struct BenchDatabases {
    let server: PostgresLocation
    let logger = Logger(label: "photofeed.bench.workers")

    init(url: String) throws {
        server = try PostgresLocation(url: url)
    }

    /// `server` with another database name.
    func location(of database: String) -> PostgresLocation {
        var location = server
        location.database = database
        return location
    }

    func recreate(_ database: String) throws {
        try drop(database)
        try execute("CREATE DATABASE \(database)")
    }

    /// Copies `template` to `database`; waits for the template's last sessions (a store's pool
    /// closes its connections without waiting) to end.
    func copy(_ template: String, to database: String) throws {
        try drop(database)
        var attempt = 0
        while true {
            do {
                return try execute("CREATE DATABASE \(database) TEMPLATE \(template)")
            } catch where attempt < 40 {
                attempt += 1
                Thread.sleep(forTimeInterval: 0.25)
            }
        }
    }

    func drop(_ database: String) throws {
        try execute("DROP DATABASE IF EXISTS \(database) WITH (FORCE)")
    }

    /// A digest of everything a user sees of the feed: users, photos, locations, comments and
    /// the cached layouts (their links: fingerprint and height, without their computation time).
    func feedDigest(_ database: String) throws -> String {
        try withConnection(to: database) { connection in
            let sql = """
                SELECT md5(concat_ws('|',
                    (SELECT string_agg(u::text, ',' ORDER BY u.id) FROM "user" u),
                    (SELECT string_agg(p::text, ',' ORDER BY p.id) FROM photo p),
                    (SELECT string_agg(l::text, ',' ORDER BY l.id) FROM location l),
                    (SELECT string_agg(c::text, ',' ORDER BY c.id) FROM comment c),
                    (SELECT string_agg(concat_ws(' ', lc.photo_id, lc.cell_kind, lc.min_width, lc.max_width, lc.scale,
                                                 lc.content_version, lc.engine_version, lc.height, encode(lc.fingerprint, 'hex')),
                                       ',' ORDER BY lc.photo_id, lc.cell_kind, lc.min_width, lc.max_width, lc.scale)
                     FROM layout_cache lc)))
                """
            return try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait().rows
                .first?.decode(String.self) ?? ""
        }
    }

    private func execute(_ sql: String) throws {
        try withConnection(to: server.database) { connection in
            _ = try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait()
        }
    }

    private func withConnection<T>(to database: String, _ body: (PostgresConnection) throws -> T) throws -> T {
        let configuration = PostgresConnection.Configuration(
            host: server.host, port: server.port, username: server.username, password: server.password,
            database: database, tls: .disable)
        let connection = try PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 0,
            logger: logger).wait()
        defer { try? connection.close().wait() }
        return try body(connection)
    }
}
