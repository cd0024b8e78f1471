@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import StoreTestSupport

/// Where a store test runs: every store test runs on both (GRDB's own test convention).
enum StoreKind: String, CaseIterable, Sendable, CustomStringConvertible {
    case memory, file
    var description: String { rawValue }
}

/// Paths and factories shared by the store tests.
enum StoreFixture {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let migrationsDirectory = projectRoot.appendingPathComponent("Migrations")
    static let seedDataDirectory = projectRoot.appendingPathComponent("seed-data")
    static let now = Date(timeIntervalSince1970: 1_750_000_000)

    /// A fresh directory under the system's temporary directory.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("feedstore-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func path(for kind: StoreKind) throws -> String {
        switch kind {
        case .memory: ":memory:"
        case .file: try temporaryDirectory().appendingPathComponent("feed.sqlite").path
        }
    }

    static func store(_ kind: StoreKind, migrationTarget: FeedStore.MigrationTarget = .latest,
                      migrationsDirectory: URL = migrationsDirectory) throws -> FeedStore {
        try FeedStore(path: path(for: kind), migrationsDirectory: migrationsDirectory, clock: .fixed(now),
                      migrationTarget: migrationTarget)
    }

    /// The curated small seed (``SmallSeed``) written into a store at an
    /// earlier migration: seeded at the latest schema in memory, then copied row by row through
    /// the columns every schema since 0004 has (comment-feed jobs, which no earlier schema
    /// accepts, are left out). Seeding itself writes the latest schema's rows.
    static func copySmallSeed(into store: FeedStore) throws {
        let source = try StoreFixture.store(.memory)
        try source.seedCurated(from: SmallSeed.directory())
        let tables: [(name: String, columns: String, filter: String)] = [
            ("user", "id, username, full_name, avatar_url, avatar_state", ""),
            ("location", "id, latitude, longitude, place_name, region, country, geocode_state", ""),
            ("photo", "id, owner_id, location_id, url, pixel_width, pixel_height, title, description, likes, "
                + "uploaded_at, image_state, content_version", ""),
            ("comment", "id, photo_id, author_id, body, created_at", ""),
            ("city", "id, name, region, country_code, country, latitude, longitude, population", ""),
            ("sync_job", "id, kind, target_id, state, attempts, next_run_at, result", "WHERE kind != 'comment-feed'"),
        ]
        for table in tables {
            let rows = try source.writer.read { db in
                try Row.fetchAll(db, sql: "SELECT \(table.columns) FROM \(table.name) \(table.filter) ORDER BY id")
            }
            let placeholders = Array(repeating: "?", count: table.columns.split(separator: ",").count)
            try store.writer.write { db in
                for row in rows {
                    try db.execute(sql: """
                        INSERT INTO \(table.name) (\(table.columns)) VALUES (\(placeholders.joined(separator: ", ")))
                        """, arguments: StatementArguments(row.databaseValues))
                }
            }
        }
    }

    /// Every row of every table of ours, as text: equal snapshots mean equal databases.
    static func snapshot(_ store: FeedStore) throws -> String {
        try store.writer.read { db in
            var text = ""
            for table in ["user", "photo", "location", "comment", "city", "sync_job", "layout_cache",
                          "layout_cache_stat", "schema_checksum"] {
                let rows = try Row.fetchAll(db, sql: "SELECT * FROM \(table) ORDER BY 1, 2")
                text += "\(table): \(rows.map(\.description).joined(separator: "|"))\n"
            }
            return text
        }
    }
}
