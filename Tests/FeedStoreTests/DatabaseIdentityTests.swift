@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import LayoutTestSupport
import Testing

/// The store recognises its database by SQLite's `application_id` before writing anything:
/// another application's file is refused and left byte for byte as it was; one of ours made
/// without the id gets it.
@Suite(.blockingWork) struct DatabaseIdentityTests {
    static func applicationID(_ path: String) throws -> Int32? {
        try DatabaseQueue(path: path).read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") }
    }

    /// The bytes of `path` and of its `-wal` and `-shm` files (nil when absent).
    static func files(_ path: String) -> [Data?] {
        ["", "-wal", "-shm", "-journal"].map { FileManager.default.contents(atPath: path + $0) }
    }

    /// Another application's SQLite file, in rollback-journal mode: a table, a row, maybe an id.
    static func foreignDatabase(applicationID: Int32 = 0, table: Bool = true) throws -> String {
        let path = try StoreFixture.temporaryDirectory().appendingPathComponent("other.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            if table {
                try db.execute(sql: "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO note VALUES (1, 'x')")
            }
            try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        }
        try queue.close()
        return path
    }

    @Test(arguments: [(Int32(0), true), (Int32(42), true), (Int32(42), false)])
    func anotherApplicationsDatabaseIsRefusedAndUnchanged(id: Int32, table: Bool) throws {
        // Given another application's SQLite file (tables without our id, or another id)
        let path = try Self.foreignDatabase(applicationID: id, table: table)
        let before = Self.files(path)
        // When the store opens it, at any migration target
        for target in [FeedStore.MigrationTarget.latest, .none] {
            #expect(throws: MigrationError.foreignDatabase(path: path)) {
                try FeedStore(path: path, migrationsDirectory: StoreFixture.migrationsDirectory,
                              migrationTarget: target)
            }
        }
        // Then every byte is as it was: no WAL switch, no table, no header change
        #expect(Self.files(path) == before)
    }

    @Test func theErrorIsOneLineNamingTheFile() {
        let text = MigrationError.foreignDatabase(path: "/data/other.sqlite").description
        #expect(text == "/data/other.sqlite is another application's SQLite database, not a photofeed one; "
            + "it was left unchanged")
    }

    @Test(arguments: StoreKind.allCases)
    func aNewDatabaseCarriesTheIDBeforeAnyMigration(kind: StoreKind) throws {
        let store = try StoreFixture.store(kind, migrationTarget: .none)
        let id = try store.writer.read { db in try Int32.fetchOne(db, sql: "PRAGMA application_id") }
        #expect(id == DatabaseIdentity.applicationID)
    }

    @Test func anEmptyFileIsANewDatabase() throws {
        let path = try StoreFixture.temporaryDirectory().appendingPathComponent("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        _ = try FeedStore(path: path, migrationsDirectory: StoreFixture.migrationsDirectory)
        #expect(try Self.applicationID(path) == DatabaseIdentity.applicationID)
    }

    @Test func ourDatabaseMadeWithoutTheIDGetsIt() throws {
        // Given a database of ours migrated before the id existed (to 0007, the id cleared)
        let path = try StoreFixture.path(for: .file)
        let early = try FeedStore(path: path, migrationsDirectory: StoreFixture.migrationsDirectory,
                                  migrationTarget: .upTo("0007_state_checks_without_in_lists"))
        try early.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA application_id = 0") }
        try early.close()
        #expect(try Self.applicationID(path) == 0)
        // When it is opened, Then it is recognised, migrated, and carries the id
        let store = try FeedStore(path: path, migrationsDirectory: StoreFixture.migrationsDirectory)
        #expect(try store.appliedMigrations().last == MigrationTests.allNames.last)
        #expect(try Self.applicationID(path) == DatabaseIdentity.applicationID)
    }

    @Test func theMigrationSetsTheSameIDAsTheStore() throws {
        let file = try #require(MigrationFile.load(from: StoreFixture.migrationsDirectory)
            .first { $0.name == "0008_set_application_id" })
        #expect(file.sql.contains("PRAGMA application_id = \(DatabaseIdentity.applicationID);"))
    }

    @Test func aFailingMigrationsErrorIsOneLineWithoutItsSQL() throws {
        // Given a migration that fails (its table already exists)
        let directory = try StoreFixture.temporaryDirectory().appendingPathComponent("Migrations")
        try FileManager.default.copyItem(at: StoreFixture.migrationsDirectory, to: directory)
        let last = try #require(MigrationTests.allNames.last.flatMap { Int($0.prefix(4)) })
        let next = String(format: "%04d_broken", last + 1)
        try "CREATE TABLE user (id INTEGER PRIMARY KEY);\n-- a second line\nSELECT 1;\n"
            .write(to: directory.appendingPathComponent(next + ".sql"), atomically: true, encoding: .utf8)
        // When the store migrates, Then the error names the migration in one line, without its SQL
        let error = try #require(throws: DatabaseError.self) {
            try FeedStore(path: StoreFixture.path(for: .file), migrationsDirectory: directory)
        }
        let text = "\(error)"
        #expect(!text.contains("\n"))
        #expect(!text.contains("CREATE TABLE"))
        #expect(text.contains("migration \(next): table user already exists"))
    }
}
