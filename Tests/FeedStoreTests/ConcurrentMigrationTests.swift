@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import StoreTestSupport
import LayoutTestSupport
import Testing

/// Two stores migrating (or seeding) one new database at once both succeed: a migration that
/// another connection applied between GRDB's read of the applied list and its write lock is not
/// run twice.
@Suite(.blockingWork) struct ConcurrentMigrationTests {
    static func open(_ path: String, target: FeedStore.MigrationTarget = .latest) throws -> FeedStore {
        try FeedStore(path: path, migrationsDirectory: StoreFixture.migrationsDirectory, migrationTarget: target)
    }

    /// Both stores wait for a write lock that a third connection holds, then migrate at once:
    /// both succeed, and their reports together name each migration once.
    @Test func twoMigrationsWaitingForTheSameLockBothSucceed() throws {
        // Given a database at its first migration, two stores on it, and the write lock held
        let path = try StoreFixture.path(for: .file)
        let stores = [try Self.open(path, target: .upTo(MigrationTests.allNames[0])), try Self.open(path, target: .none)]
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the lock outlives one database access
        let holder = try DatabaseQueue(path: path, configuration: configuration)
        try holder.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
        // When both migrate (each reads the applied list, then waits for the lock) and the lock goes
        let results = Concurrently.run(2, { index in try stores[index].migrate() }, whileRunning: {
            Thread.sleep(forTimeInterval: 0.3)
            try? holder.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
        })
        // Then both succeed, and every migration was applied once
        let applied = try results.flatMap { try $0.get().applied }
        #expect(applied.sorted() == Array(MigrationTests.allNames.dropFirst()))
        #expect(try stores[0].appliedMigrations() == MigrationTests.allNames)
        let checksums = try stores[0].writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM schema_checksum")
        }
        #expect(checksums == MigrationTests.allNames.count)
    }

    /// Many rounds of two stores creating and migrating one new file at the same moment. Without
    /// the re-check inside each migration's transaction, about one round in four fails ("table
    /// … already exists"), so 40 rounds all but always catch it.
    @Test func twoStoresCreatingOneDatabaseAtOnceBothOpenIt() throws {
        for round in 1 ... 40 {
            let path = try StoreFixture.path(for: .file)
            for result in Concurrently.run(2, { _ in try Self.open(path).appliedMigrations() }) {
                #expect(try result.get() == MigrationTests.allNames, "round \(round)")
            }
        }
    }

    /// Two generated seeds of one new database at once: both succeed, with the same rows.
    @Test func twoSeedsOfOneNewDatabaseAtOnceBothSucceed() throws {
        let directory = try SmallSeed.directory()
        for round in 1 ... 5 {
            let path = try StoreFixture.path(for: .file)
            let results = Concurrently.run(2) { _ in
                try Self.open(path).seedGenerated(count: 30, rngSeed: 5, seedDataDirectory: directory)
            }
            for result in results {
                #expect(try result.get().photos == 30, "round \(round)")
            }
        }
    }
}

/// Runs a body on several threads at once (GCD's, never the test's cooperative pool: the bodies
/// block on SQLite's locks).
enum Concurrently {
    /// Each body's result, in order.
    ///
    /// A final class around a lock: the threads write their results under it.
    private final class Results<Value: Sendable>: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Int: Result<Value, any Error>] = [:]

        func set(_ index: Int, _ value: Result<Value, any Error>) {
            lock.withLock { values[index] = value }
        }

        func all(_ count: Int) -> [Result<Value, any Error>] {
            lock.withLock { (0 ..< count).map { values[$0]! } }
        }
    }

    static func run<Value: Sendable>(_ count: Int, _ body: @escaping @Sendable (Int) throws -> Value,
                           whileRunning: () -> Void = {}) -> [Result<Value, any Error>] {
        let results = Results<Value>()
        let group = DispatchGroup()
        for index in 0 ..< count {
            DispatchQueue.global().async(group: group) {
                results.set(index, Result { try body(index) })
            }
        }
        whileRunning()
        group.wait()
        return results.all(count)
    }
}
