@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import LayoutTestSupport
import Testing

@Suite(.blockingWork) struct MigrationTests {
    /// The `.sql` files of `Migrations/`, by name: listed here, not by the store's loader.
    static let allNames = try! FileManager.default.contentsOfDirectory(atPath: StoreFixture.migrationsDirectory.path)
        .filter { $0.hasSuffix(".sql") }.map { String($0.dropLast(4)) }.sorted()

    @Test(arguments: StoreKind.allCases)
    func migratesFromEmpty(kind: StoreKind) throws {
        // Given an empty database, When the store opens, Then every migration is applied in order
        let store = try StoreFixture.store(kind, migrationTarget: .none)
        #expect(try store.appliedMigrations().isEmpty)
        let report = try store.migrate()
        #expect(report.applied == Self.allNames)
        #expect(report.current == Self.allNames.last)
        let tables = try store.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        for table in ["user", "photo", "location", "comment", "layout_cache", "sync_job", "city", "city_rtree"] {
            #expect(tables.contains(table), "missing table \(table)")
        }
        #expect(try store.migrate() == MigrationReport(applied: [], current: Self.allNames.last))
    }

    @Test(arguments: StoreKind.allCases, 1...6)
    func migratesFromEveryEarlierVersion(kind: StoreKind, version: Int) throws {
        let path = try StoreFixture.path(for: kind)
        let target = Self.allNames[version - 1]
        let configuration = Configuration()
        let writer: any DatabaseWriter = kind == .memory
            ? try DatabaseQueue(configuration: configuration) : try DatabasePool(path: path)
        let migrations = try MigrationFile.load(from: StoreFixture.migrationsDirectory)
        let early = try FeedStore(writer: writer, migrations: migrations, migrationTarget: .upTo(target))
        #expect(try early.appliedMigrations() == Array(Self.allNames.prefix(version)))
        let store = try FeedStore(writer: writer, migrations: migrations)
        #expect(try store.appliedMigrations() == Self.allNames)
        let checksums = try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM schema_checksum") }
        #expect(checksums == Self.allNames.count)
    }

    @Test func clusteringTheLayoutCacheKeepsEveryRowAndItsKey() throws {
        let path = try StoreFixture.path(for: .file)
        let migrations = try MigrationFile.load(from: StoreFixture.migrationsDirectory)
        let writer = try DatabasePool(path: path)
        let early = try FeedStore(writer: writer, migrations: migrations, migrationTarget: .upTo("0004_create_city"))
        try early.writer.write { db in
            try db.execute(sql: """
                INSERT INTO user (id, username, full_name, avatar_url) VALUES (1, 'ada', 'Ada', 'https://a/1.jpg');
                INSERT INTO photo (id, owner_id, url, pixel_width, pixel_height, uploaded_at)
                    VALUES (7, 1, 'https://p/7.jpg', 640, 480, 0);
                INSERT INTO layout_cache (photo_id, cell_kind, min_width, min_height, max_width, max_height, scale,
                                          content_version, engine_version, width, height, frames, computed_at)
                VALUES (7, 'photo', 375, 0, 375, 1e999, 2, 3, 1, 375, 512.5, x'0100000000', 11),
                       (7, 'photo', 414, 0, 414, 1e999, 2, 3, 1, 414, 551.5, x'0100000000', 12);
                """)
        }
        let store = try FeedStore(writer: writer, migrations: migrations)
        let rows = try store.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT photo_id, min_width, max_height, content_version, height, fingerprint, computed_at
                FROM layout_cache ORDER BY min_width
                """)
        }
        #expect(rows.map { $0[1] as Double } == [375, 414])
        #expect(rows.map { $0[2] as Double } == [.infinity, .infinity])
        #expect(rows.map { $0[4] as Double } == [512.5, 551.5])
        #expect(rows.map { $0[6] as Int64 } == [11, 12])
        let key = LayoutCacheKey(cellKind: "photo", photoID: 7, contentVersion: 3,
                                 sizeRange: CacheSizeRange(minWidth: 375, minHeight: 0, maxWidth: 375, maxHeight: .infinity),
                                 scale: 2, engineVersion: 1, fingerprint: [1])
        // A row from before layout fingerprints has none, so it is never served.
        #expect(try store.cachedLayout(for: key, countAccess: false) == nil)
        // Still one row per key: storing the same key again replaces it.
        try store.putLayout(CachedLayout(width: 375, height: 600, frames: []), for: key)
        #expect(try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM layout_cache") } == 2)
        #expect(try store.cachedLayout(for: key, countAccess: false)?.height == 600)
    }

    @Test func refusesADatabaseWhoseAppliedMigrationWasEdited() throws {
        let directory = try StoreFixture.temporaryDirectory()
        let migrations = directory.appendingPathComponent("Migrations")
        try FileManager.default.copyItem(at: StoreFixture.migrationsDirectory, to: migrations)
        let path = directory.appendingPathComponent("feed.sqlite").path
        _ = try FeedStore(path: path, migrationsDirectory: migrations)
        let edited = migrations.appendingPathComponent("0002_create_layout_cache.sql")
        try (String(contentsOf: edited, encoding: .utf8) + "\n-- edited\n").write(to: edited, atomically: true,
                                                                                   encoding: .utf8)
        #expect {
            try FeedStore(path: path, migrationsDirectory: migrations)
        } throws: { error in
            guard case .checksumMismatch(let name, _, _) = error as? MigrationError else { return false }
            return name == "0002_create_layout_cache"
        }
    }

    @Test func refusesADatabaseWhoseAppliedMigrationFileIsGone() throws {
        let directory = try StoreFixture.temporaryDirectory()
        let migrations = directory.appendingPathComponent("Migrations")
        try FileManager.default.copyItem(at: StoreFixture.migrationsDirectory, to: migrations)
        let path = directory.appendingPathComponent("feed.sqlite").path
        _ = try FeedStore(path: path, migrationsDirectory: migrations)
        let last = try #require(Self.allNames.last)
        try FileManager.default.removeItem(at: migrations.appendingPathComponent(last + ".sql"))
        #expect(throws: MigrationError.missingFile(name: last)) {
            try FeedStore(path: path, migrationsDirectory: migrations)
        }
    }

    @Test func refusesMisnamedOrMisnumberedFiles() throws {
        let directory = try StoreFixture.temporaryDirectory()
        try "SELECT 1;".write(to: directory.appendingPathComponent("0001_first.sql"), atomically: true, encoding: .utf8)
        try "SELECT 1;".write(to: directory.appendingPathComponent("0003_gap.sql"), atomically: true, encoding: .utf8)
        #expect(throws: MigrationError.badFileName(path: directory.appendingPathComponent("0003_gap.sql").path,
                                                    reason: "expected number 2 next")) {
            try MigrationFile.load(from: directory)
        }
        try FileManager.default.removeItem(at: directory.appendingPathComponent("0003_gap.sql"))
        try "SELECT 1;".write(to: directory.appendingPathComponent("2_Bad.sql"), atomically: true, encoding: .utf8)
        #expect(throws: MigrationError.badFileName(path: directory.appendingPathComponent("2_Bad.sql").path,
                                                    reason: "expected NNNN_lowercase_name.sql")) {
            try MigrationFile.load(from: directory)
        }
    }

    @Test func migrateUpToAnUnknownNameFails() throws {
        #expect(throws: MigrationError.unknownTarget(name: "0009_nothing")) {
            try StoreFixture.store(.memory, migrationTarget: .upTo("0009_nothing"))
        }
    }

    @Test func fileDatabasesUseWALAndForeignKeys() throws {
        let store = try StoreFixture.store(.file)
        let (mode, foreignKeys) = try store.writer.read { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA foreign_keys"))
        }
        #expect(mode == "wal")
        #expect(foreignKeys == 1)
    }

    @Test func sha256MatchesTheStandardVectors() {
        #expect(SHA256.hexDigest([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(SHA256.hexDigest(Array("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(SHA256.hexDigest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }
}
