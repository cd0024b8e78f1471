@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import LayoutTestSupport
import StoreTestSupport
import Testing

/// A store whose path comes to name another file (renamed over it, or removed) stops reading
/// and writing with ``DatabaseFileReplaced``, removes the old file's `-wal` and `-shm` from the
/// path, and never touches the new file.
@Suite(.blockingWork, .timeLimit(minutes: 10)) struct DatabaseFileWatchTests {
    /// A seeded store on a file with frames in its log, and the path of another database, complete
    /// in its one file, with one user.
    static func storeAndOther() throws -> (store: FeedStore, path: String, other: String) {
        let store = try FeedTestStore.seeded(inFile: true)
        try store.setImageState(photoID: 2, .loaded)
        let other = try FeedTestStore.temporaryDirectory().appendingPathComponent("other.sqlite").path
        let otherStore = try FeedStore(path: other, migrationsDirectory: FeedTestStore.migrationsDirectory,
                                       clock: FeedTestStore.clock)
        try otherStore.save(User(id: 9, username: "dee", fullName: "Dee", avatarURL: "https://a.example/dee.jpg"))
        try otherStore.close()
        return (store, store.writer.path, other)
    }

    static let slot = LayoutSlot(cellKind: "photo", sizeRange: .width(375), scale: 2)

    @Test func aFileRenamedOverThePathStopsReadsAndWritesAndIsLeftAlone() async throws {
        // Given a store whose log holds frames, and another database
        let (store, path, other) = try Self.storeAndOther()
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        try store.checkDatabaseFile()
        let otherBytes = FileManager.default.contents(atPath: other)

        // When the other database is renamed over the store's path
        try #require(rename(other, path) == 0)

        // Then the served reads, the change log, a named write and the check all throw
        let replaced = DatabaseFileReplaced(path: path)
        await #expect(throws: replaced) { _ = try await store.pageRows(after: nil, limit: 2, commentLimit: 1,
                                                                        slot: Self.slot) }
        await #expect(throws: replaced) { _ = try await store.changes(after: 0, limit: 10) }
        #expect(throws: replaced) { try store.setImageState(photoID: 3, .loaded) }
        #expect(throws: replaced) { try store.checkDatabaseFile() }
        // and the old file's log and shared memory are gone from the path; the new file is intact
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))
        try store.close()
        #expect(FileManager.default.contents(atPath: path) == otherBytes)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let check = try DatabaseQueue(path: path)
        #expect(try await check.read { try String.fetchAll($0, sql: "PRAGMA quick_check") } == ["ok"])
        #expect(try await check.read { try String.fetchAll($0, sql: "SELECT username FROM user") } == ["dee"])
        try check.close()
    }

    @Test func aRemovedPathStopsTheStoreAndALogMadeForTheNewFileStays() throws {
        // Given a store on a file
        let (store, path, other) = try Self.storeAndOther()
        try store.checkDatabaseFile()

        // When the file is removed, another database takes the path and opens with a log of its
        // own (another process serving the new file)
        try FileManager.default.removeItem(atPath: path)
        try #require(rename(other, path) == 0)
        try FileManager.default.removeItem(atPath: path + "-wal")
        try FileManager.default.removeItem(atPath: path + "-shm")
        let newcomer = try DatabasePool(path: path)
        try newcomer.write { db in try db.execute(sql: "UPDATE user SET full_name = 'Dee D.'") }

        // Then the store refuses, and leaves the newcomer's log where it is
        #expect(throws: DatabaseFileReplaced(path: path)) { try store.checkDatabaseFile() }
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        try store.close()
        #expect(try newcomer.read { try String.fetchOne($0, sql: "SELECT full_name FROM user") } == "Dee D.")
        #expect(try newcomer.read { try String.fetchAll($0, sql: "PRAGMA quick_check") } == ["ok"])
        try newcomer.close()
    }

    @Test func aConnectionOpenedAfterTheReplacementFailsBeforeItReads() throws {
        // Given a store, and another database renamed over its path
        let (store, path, other) = try Self.storeAndOther()
        let otherBytes = try #require(FileManager.default.contents(atPath: other))
        try #require(rename(other, path) == 0)

        // When a connection with the store's configuration opens the path (as the pool opens a
        // reader late, before any check of the store noticed)
        let configuration = FeedStore.configuration(busyTimeout: 1, watch: store.fileWatch)

        // Then it fails, and the new file is as it was, with the old file's log gone
        #expect(throws: DatabaseFileReplaced(path: path)) {
            _ = try DatabaseQueue(path: path, configuration: configuration)
        }
        #expect(FileManager.default.contents(atPath: path) == otherBytes)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        try store.close()
    }

    @Test func anUnmovedFileKeepsWorking() async throws {
        let store = try FeedTestStore.seeded(inFile: true)
        try store.checkDatabaseFile()
        try store.setImageState(photoID: 2, .loaded)
        let rows = try await store.pageRows(after: nil, limit: 2, commentLimit: 1, slot: Self.slot)
        #expect(rows.page.items.map(\.photo.id) == [4, 1])
        try store.checkDatabaseFile()
        try store.close()
    }
}
