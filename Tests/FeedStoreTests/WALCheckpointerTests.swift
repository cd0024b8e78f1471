@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import StoreTestSupport
import LayoutTestSupport
import Testing

/// The writer's commits ask for checkpoints, which the checkpointer's own connection runs on its
/// queue; only a log at the backstop is checkpointed by the commit itself.
@Suite(.blockingWork) struct WALCheckpointerTests {
    /// A WAL database whose writer has `checkpointer` installed, as the store installs it.
    static func pool(_ checkpointer: WALCheckpointer) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            if !db.configuration.readonly { checkpointer.install(on: db) }
        }
        return try DatabasePool(path: checkpointer.path, configuration: configuration)
    }

    /// Writes `rows` rows of 3,000 bytes in one transaction: a page of the log each.
    static func write(_ pool: DatabasePool, rows: Int) throws {
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS note (id INTEGER PRIMARY KEY, body BLOB)")
            for _ in 0..<rows {
                try db.execute(sql: "INSERT INTO note (body) VALUES (zeroblob(3000))")
            }
        }
    }

    static func path() throws -> String {
        try StoreFixture.temporaryDirectory().appendingPathComponent("wal.sqlite").path
    }

    @Test func aCommitPastTheThresholdIsCheckpointedInTheBackground() throws {
        // Given a writer whose checkpointer asks from 8 pages on, with the backstop far away
        let checkpointer = WALCheckpointer(path: try Self.path(), threshold: 8, backstop: 100_000)
        let pool = try Self.pool(checkpointer)
        // When a commit leaves the log past 8 pages, and the asked-for checkpoints have run
        try Self.write(pool, rows: 40)
        checkpointer.waitUntilIdle()
        // Then the commit asked, the checkpointer's connection copied the whole log into the
        // database file, and no commit checkpointed itself
        let statistics = checkpointer.statistics
        #expect(statistics.requested >= 1)
        #expect(statistics.run >= 1)
        #expect(statistics.inline == 0)
        #expect(statistics.lastLogFrames >= 40)
        #expect(statistics.lastCopiedFrames == statistics.lastLogFrames)
        // And the rows read back, from the writer and from a new connection
        #expect(try pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM note") } == 40)
        try pool.close()
        let reopened = try DatabaseQueue(path: checkpointer.path)
        #expect(try reopened.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM note") } == 40)
    }

    @Test func finishingAfterTheConnectionsCloseLeavesOneCompleteFile() throws {
        // Given a writer whose commits asked for background checkpoints, the last maybe still
        // running when its connections close
        let checkpointer = WALCheckpointer(path: try Self.path(), threshold: 8, backstop: 100_000)
        let pool = try Self.pool(checkpointer)
        try Self.write(pool, rows: 40)
        try Self.write(pool, rows: 40)
        try pool.close()
        // When the checkpointer finishes (as the store's close and its release do)
        checkpointer.finish()
        // Then the log is gone, and the database file alone (copied, as a backup would) holds
        // every row
        #expect(!FileManager.default.fileExists(atPath: checkpointer.path + "-wal"))
        let copy = checkpointer.path + ".copy"
        try FileManager.default.copyItem(atPath: checkpointer.path, toPath: copy)
        #expect(try DatabaseQueue(path: copy).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM note") } == 80)
    }

    @Test func aClosedStoreLeavesOneCompleteFile() throws {
        // Given a store on a file whose seeding asked for background checkpoints
        let store = try StoreFixture.store(.file)
        let counts = try store.seedCurated(from: StoreFixture.seedDataDirectory)
        #expect(try #require(store.walCheckpointer).statistics.requested > 0)
        // When it is closed
        try store.close()
        // Then the log is gone and the database file alone holds every photo
        let path = try #require((store.writer as? DatabasePool)?.path)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let copy = path + ".copy"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        #expect(try DatabaseQueue(path: copy).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") }
            == counts.photos)
    }

    @Test func aClosedStoreThatNeverAskedForACheckpointLeavesOneCompleteFile() throws {
        // Given a store on a file whose few writes asked for no checkpoint, and whose reader
        // connection has read (a read-only connection that closes last cannot remove the log)
        let store = try StoreFixture.store(.file)
        let counts = try store.seedCurated(from: SmallSeed.directory())
        #expect(try #require(store.walCheckpointer).statistics.requested == 0)
        #expect(try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") } == counts.photos)
        // When it is closed
        try store.close()
        // Then the log is gone and the database file alone holds every photo
        let path = try #require((store.writer as? DatabasePool)?.path)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        let copy = path + ".copy"
        try FileManager.default.copyItem(atPath: path, toPath: copy)
        #expect(try DatabaseQueue(path: copy).read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM photo") }
            == counts.photos)
    }

    @Test func aSmallCommitAsksForNothing() throws {
        // Given a writer whose checkpointer asks from 1,000 pages on
        let checkpointer = WALCheckpointer(path: try Self.path())
        let pool = try Self.pool(checkpointer)
        // When a commit leaves a few pages in the log
        try Self.write(pool, rows: 3)
        checkpointer.waitUntilIdle()
        // Then no checkpoint was asked for or run
        #expect(checkpointer.statistics == WALCheckpointStatistics())
    }

    @Test func aLogAtTheBackstopIsCheckpointedByTheCommit() throws {
        // Given a writer whose checkpointer asks from 4 pages on and backstops at 16
        let checkpointer = WALCheckpointer(path: try Self.path(), threshold: 4, backstop: 16)
        let pool = try Self.pool(checkpointer)
        // When one commit leaves the log past 16 pages
        try Self.write(pool, rows: 40)
        checkpointer.waitUntilIdle()
        // Then that commit checkpointed the log itself and asked for nothing
        #expect(checkpointer.statistics.inline == 1)
        #expect(checkpointer.statistics.requested == 0)
    }

    @Test func theStoresWriterCheckpointsInTheBackgroundAndItsReadersAreUntouched() throws {
        // Given a store on a file
        let store = try StoreFixture.store(.file)
        // Then SQLite's automatic checkpoint is off on the writer (the checkpointer's hook
        // replaced it) and still SQLite's default on a reader, which never commits a write
        let pool = try #require(store.writer as? DatabasePool)
        #expect(try pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") } == 0)
        #expect(try pool.read { db in try Int.fetchOne(db, sql: "PRAGMA wal_autocheckpoint") } == 1000)
    }
}
