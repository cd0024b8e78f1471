import FeedModel
import FeedStore
import Foundation
import GRDB
import Synchronization
import LayoutTestSupport
import Testing

/// The SQLite change watcher: another connection's commit changes its version once the read
/// interval has passed on its (injected) clock, never before; an in-memory store has none.
@Suite(.blockingWork) struct ChangeWatcherTests {
    /// A monotonic time the test moves by hand.
    final class ManualUptime: Sendable {
        private let now = Mutex<Duration>(.seconds(100))
        var uptime: @Sendable () -> Duration { { self.now.withLock { $0 } } }
        func advance(_ duration: Duration) { now.withLock { $0 += duration } }
    }

    /// Commits one row through a connection of its own.
    static func commitElsewhere(_ path: String) throws {
        let other = try DatabaseQueue(path: path)
        try other.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS watcher_probe (x INTEGER)")
            try db.execute(sql: "INSERT INTO watcher_probe VALUES (1)")
        }
    }

    @Test func anotherConnectionsCommitShowsOnceTheIntervalHasPassed() throws {
        // Given a store file and a watcher that reads at most every 2 ms
        let path = try StoreFixture.path(for: .file)
        let store = try FeedStore(path: path, migrationsDirectory: StoreFixture.migrationsDirectory)
        let time = ManualUptime()
        let watcher = try #require(try store.sqliteChangeWatcher(interval: .milliseconds(2), uptime: time.uptime))
        #expect(watcher.interval == .milliseconds(2))
        let before = try watcher.version()

        // When another connection commits
        try Self.commitElsewhere(path)

        // Then the version stays until 2 ms after the last read, and changes at 2 ms
        time.advance(.microseconds(1_999))
        #expect(try watcher.version() == before)
        time.advance(.microseconds(1))
        let after = try watcher.version()
        #expect(after != before)
        // and stays while nothing else is committed
        time.advance(.seconds(1))
        #expect(try watcher.version() == after)
    }

    @Test func aZeroIntervalReadsOnEveryCall() throws {
        let path = try StoreFixture.path(for: .file)
        let store = try FeedStore(path: path, migrationsDirectory: StoreFixture.migrationsDirectory)
        let time = ManualUptime()
        let watcher = try #require(try store.sqliteChangeWatcher(interval: .zero, uptime: time.uptime))
        let before = try watcher.version()
        try Self.commitElsewhere(path)
        #expect(try watcher.version() != before)
    }

    @Test func anInMemoryStoreHasNoWatcher() throws {
        let store = try StoreFixture.store(.memory)
        #expect(try store.changeWatcher() == nil)
    }
}
