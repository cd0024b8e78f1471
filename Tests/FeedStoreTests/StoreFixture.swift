@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB

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

    /// A small seed directory: three cities, `users` users, `photos` photos (photo i owned by
    /// user (i % users) + 1, uploaded i minutes after 2024-01-01, photos 3 and 4 at the same
    /// second), one comment per even photo. Files can be overwritten afterwards to break them.
    static func smallSeedDirectory(users: Int = 3, photos: Int = 7) throws -> URL {
        let directory = try temporaryDirectory()
        let userLines = (1...users).map {
            #"{"id":\#($0),"username":"user\#($0)","fullName":"Ελένη Müller \#($0)","avatarURL":"https://a.example/\#($0).jpg"}"#
        }
        let photoLines = (1...photos).map { id in
            let minute = id == 4 ? 3 : id
            let location = id % 3 == 0 ? "null" : #"{"latitude":52.52,"longitude":13.\#(id)}"#
            return #"{"id":\#(id),"ownerId":\#(id % users + 1),"url":"https://p.example/\#(id).jpg","pixelWidth":1080,"#
                + #""pixelHeight":1350,"title":"東京 \#(id) 🌸","description":"Une photo.","likes":\#(id),"#
                + #""uploadedAt":"2024-01-01T00:\#(String(format: "%02d", minute)):00Z","location":\#(location)}"#
        }
        let commentLines = (1...photos).filter { $0 % 2 == 0 }.map { id in
            #"{"id":\#(id),"photoId":\#(id),"authorId":1,"body":"Wow \#(id)","createdAt":"2024-02-01T00:00:00Z"}"#
        }
        try write(userLines, to: directory.appendingPathComponent("users.jsonl"))
        try write(photoLines, to: directory.appendingPathComponent("photos.jsonl"))
        try write(commentLines, to: directory.appendingPathComponent("comments.jsonl"))
        try write([
            "id\tname\tregion\tcountry_code\tcountry\tlatitude\tlongitude\tpopulation",
            "2950159\tBerlin\t16\tDE\tGermany\t52.52437\t13.41053\t3426354",
            "2988507\tParis\t11\tFR\tFrance\t48.85341\t2.34880\t2138551",
            "1850147\tTokyo\t40\tJP\tJapan\t35.68950\t139.69171\t8336599",
        ], to: directory.appendingPathComponent("cities.tsv"))
        try FileManager.default.copyItem(at: seedDataDirectory.appendingPathComponent("vocabulary.json"),
                                         to: directory.appendingPathComponent("vocabulary.json"))
        return directory
    }

    static func write(_ lines: [String], to url: URL) throws {
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
    }

    /// The curated small seed (``smallSeedDirectory(users:photos:)``) written into a store at an
    /// earlier migration: seeded at the latest schema in memory, then copied row by row through
    /// the columns every schema since 0004 has (comment-feed jobs, which no earlier schema
    /// accepts, are left out). Seeding itself writes the latest schema's rows.
    static func copySmallSeed(into store: FeedStore) throws {
        let source = try StoreFixture.store(.memory)
        try source.seedCurated(from: smallSeedDirectory())
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
