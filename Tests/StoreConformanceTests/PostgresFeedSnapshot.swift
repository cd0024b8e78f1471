import FeedStorePostgres
import Foundation
import Logging
import NIOPosix
import PostgresNIO
import Testing

/// Everything a user sees of a feed on PostgreSQL, as text: users, photos (with their likes),
/// locations, comments, the jobs without their scheduling and lease columns, and the cached
/// layouts without their computation time. Equal snapshots mean equal feeds.
enum PostgresFeedSnapshot {
    static let queries = [
        #"SELECT string_agg(t::text, E'\n' ORDER BY t.id) FROM "user" t"#,
        #"SELECT string_agg(t::text, E'\n' ORDER BY t.id) FROM photo t"#,
        #"SELECT string_agg(t::text, E'\n' ORDER BY t.id) FROM location t"#,
        #"SELECT string_agg(t::text, E'\n' ORDER BY t.id) FROM comment t"#,
        #"""
        SELECT string_agg(concat_ws(' ', kind, target_id, state, attempts, result), E'\n' ORDER BY kind, target_id)
        FROM sync_job
        """#,
        #"""
        SELECT string_agg(concat_ws(' ', lc.photo_id, lc.cell_kind, lc.min_width, lc.min_height, lc.max_width,
                                    lc.max_height, lc.scale, lc.content_version, lc.engine_version, lc.width,
                                    lc.height, encode(lc.fingerprint, 'hex'), md5(cl.frames)),
                          E'\n' ORDER BY lc.photo_id, lc.cell_kind, lc.min_width, lc.min_height, lc.max_width,
                                          lc.max_height, lc.scale)
        FROM layout_cache lc
        LEFT JOIN cell_layout cl ON cl.fingerprint = lc.fingerprint AND cl.cell_kind = lc.cell_kind
            AND cl.min_width = lc.min_width AND cl.min_height = lc.min_height AND cl.max_width = lc.max_width
            AND cl.max_height = lc.max_height AND cl.scale = lc.scale
        """#,
    ]

    /// The snapshot of the tables in `location`'s database and schema.
    static func take(_ location: PostgresLocation) throws -> String {
        try withConnection(location) { connection, logger in
            try queries.map { sql in
                try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait().rows.first?
                    .decode(String?.self) ?? ""
            }.joined(separator: "\n--\n")
        }
    }

    /// How many cached layouts `location` holds, and how many are older than their photo.
    static func layoutCounts(_ location: PostgresLocation) throws -> (entries: Int, stale: Int) {
        try withConnection(location) { connection, logger in
            let row = try connection.query("""
                SELECT COUNT(*), COUNT(*) FILTER (WHERE lc.content_version != p.content_version)
                FROM layout_cache lc JOIN photo p ON p.id = lc.photo_id
                """, logger: logger).wait().rows.first
            let (entries, stale): (Int64, Int64) = try row.map { try $0.decode((Int64, Int64).self) } ?? (0, 0)
            return (Int(entries), Int(stale))
        }
    }

    /// Jobs by state in `location`.
    static func jobStates(_ location: PostgresLocation) throws -> [String: Int] {
        try withConnection(location) { connection, logger in
            var states: [String: Int] = [:]
            for row in try connection.query("SELECT state, COUNT(*) FROM sync_job GROUP BY state", logger: logger)
                .wait().rows {
                let (state, count) = try row.decode((String, Int64).self)
                states[state] = Int(count)
            }
            return states
        }
    }

    /// The first column of the rows `sql` gives in `location` (one bigint each).
    static func integers(_ sql: String, in location: PostgresLocation) throws -> [Int64] {
        try withConnection(location) { connection, logger in
            try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait().rows.map { try $0.decode(Int64.self) }
        }
    }

    private static func withConnection<T>(_ location: PostgresLocation,
                                          _ body: (PostgresConnection, Logger) throws -> T) throws -> T {
        let configuration = location.testConnectionConfiguration
        let logger = Logger(label: "photofeed.tests.snapshot")
        let connection = try PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 0,
            logger: logger).wait()
        defer { try? connection.close().wait() }
        if let schema = location.searchPath {
            _ = try connection.query(PostgresQuery(unsafeSQL: "SET search_path TO \(schema)"), logger: logger).wait()
        }
        return try body(connection, logger)
    }
}
