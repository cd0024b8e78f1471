import FeedModel
@testable import FeedStorePostgres
import LayoutTestSupport
import PostgresNIO
import Synchronization
import Testing

/// A write that PostgreSQL aborts for a deadlock (40P01) is rolled back whole and runs again:
/// the caller sees one write, done once; past the retries it fails as busy and writes nothing.
/// Forced here: the store's transaction and another connection's lock two photos in opposite
/// orders, and the store's side, with the shorter `deadlock_timeout`, is the one the server's
/// deadlock check aborts.
@Suite("PostgreSQL transaction conflicts", .blockingWork, .timeLimit(minutes: 10))
struct PostgresTransactionConflictTests {
    /// What a write that deadlocks on its first attempt came to, with `retries` retries.
    struct Outcome {
        var attempts: Int
        var error: (any Error)?
        /// The likes of the two photos, before and after.
        var before: [Int]
        var after: [Int]
    }

    /// Another connection holds the second photo; the store's write (its `deadlock_timeout` 10 ms)
    /// locks the first, waits until the other connection waits for the first, then asks for the
    /// second: a deadlock the write's side detects. The other connection commits its two updates
    /// once the write's first attempt has rolled back.
    static func forceDeadlock(retries: [Duration]) async throws -> Outcome {
        let seeded = try StoreFactory.postgres()
        try seeded.seedGenerated(count: 2, rngSeed: 1, seedDataDirectory: StoreFactory.seedDataDirectory, progress: nil)
        let store = try PostgresFeedStore(location: seeded.location, migrationsDirectory: StoreFactory.postgresMigrations,
                                          reconnect: ReconnectPolicy(delays: retries, wait: { _ in }))
        let ids = try store.feedPage(after: nil, limit: 2).items.map(\.photo.id)
        let before = try store.feedPage(after: nil, limit: 2).items.map(\.photo.likes)
        let other = try await PostgresChangeOrderTests.connect(store.location)
        let watcher: PostgresConnection
        do {
            watcher = try await PostgresChangeOrderTests.connect(store.location)
        } catch {
            try? await other.close()
            throw error
        }
        let attempts = Mutex(0)
        var writeError: (any Error)?
        let outcome: Result<Void, any Error>
        do {
            let otherPID = try await Self.backendPID(other)
            try await PostgresChangeOrderTests.run(other, "BEGIN", "UPDATE photo SET likes = likes + 1 WHERE id = \(ids[1])")
            let holdsFirst = AsyncStream<Void>.makeStream()
            let waiting = Task {
                for await _ in holdsFirst.stream { break }
                try await PostgresChangeOrderTests.run(other, "UPDATE photo SET likes = likes + 1 WHERE id = \(ids[0])",
                                                       "COMMIT")
            }
            do {
                try await store.write { session in
                    let attempt = attempts.withLock { count in
                        count += 1
                        return count
                    }
                    _ = try await session.query("SET LOCAL deadlock_timeout = '10ms'")
                    _ = try await session.query("UPDATE photo SET likes = likes + 1 WHERE id = \(ids[0])")
                    if attempt == 1 {
                        holdsFirst.continuation.yield()
                        try await Self.untilWaiting(otherPID, watcher: watcher)
                    }
                    _ = try await session.query("UPDATE photo SET likes = likes + 1 WHERE id = \(ids[1])")
                }
            } catch {
                writeError = error
            }
            holdsFirst.continuation.finish()
            try await waiting.value
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        try? await other.close()
        try? await watcher.close()
        try outcome.get()
        return Outcome(attempts: attempts.withLock { $0 }, error: writeError, before: before,
                       after: try store.feedPage(after: nil, limit: 2).items.map(\.photo.likes))
    }

    @Test func aDeadlockedWriteRunsAgainAndCommitsOnce() async throws {
        let outcome = try await Self.forceDeadlock(retries: [.zero])

        // The write ran twice and counted once, after the other connection's commit
        #expect(outcome.error == nil, "\(String(describing: outcome.error))")
        #expect(outcome.attempts == 2)
        #expect(outcome.after == outcome.before.map { $0 + 2 })
    }

    @Test func aConflictThatOutlastsTheRetriesIsBusyAndWritesNothing() async throws {
        let outcome = try await Self.forceDeadlock(retries: [])

        // The write failed as busy (the service answers 503, a command exits 75), and only the
        // other connection's updates are in
        let error = try #require(outcome.error as? PostgresStoreError)
        #expect(error.isTransactionConflict)
        #expect(error.storeFailure == .busy(message: error.description))
        #expect(outcome.attempts == 1)
        #expect(outcome.after == outcome.before.map { $0 + 1 })
    }

    /// The server process of `connection`'s session.
    static func backendPID(_ connection: PostgresConnection) async throws -> Int32 {
        for try await pid in try await connection.query("SELECT pg_backend_pid()", logger: TestCluster.logger)
            .decode(Int32.self) { return pid }
        throw PostgresStoreError.missing(database: "test", message: "no backend pid")
    }

    /// Returns once the session of server process `pid` waits for a lock another holds.
    static func untilWaiting(_ pid: Int32, watcher: PostgresConnection) async throws {
        while true {
            let rows = try await watcher.query("SELECT cardinality(pg_blocking_pids(\(pid)))", logger: TestCluster.logger)
            for try await count in rows.decode(Int32.self) where count > 0 { return }
            await Task.yield()
        }
    }
}
