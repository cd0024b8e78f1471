import FeedModel
@testable import FeedStorePostgres
import LayoutTestSupport
import NIOPosix
import PostgresNIO
import Testing

/// A worker cut off from PostgreSQL in the middle of a transaction (frozen, or its network gone)
/// holds the rows it locked only until the server ends its silent session: the store's sessions
/// start with the limits that make the server do so, and the server then frees the rows.
@Suite("PostgreSQL session limits", .blockingWork, .timeLimit(minutes: 10))
struct PostgresSessionLimitsTests {
    @Test func theStoresSessionsStartWithTheLimits() async throws {
        let store = try StoreFactory.postgres()
        let settings = try await store.withSession { session in
            try await session.query("""
                SELECT current_setting('idle_in_transaction_session_timeout'), current_setting('tcp_keepalives_idle'),
                       current_setting('tcp_keepalives_interval'), current_setting('tcp_keepalives_count'),
                       current_setting('statement_timeout')
                """).rows.map { try $0.decode((String, String, String, String, String).self) }
        }
        // (Over a Unix socket the server reports 0 for the keepalives; the tests connect over TCP.)
        #expect(settings.map { [$0.0, $0.1, $0.2, $0.3, $0.4] } == [["30s", "10", "5", "3", "1min"]])
    }

    /// The server's end: a session with the store's limits (a shorter idle limit here) that locks
    /// a photo and then says nothing, as a frozen worker would, is ended, and another session
    /// gets the row.
    @Test func aSilentTransactionsLocksAreFreedForOtherSessions() async throws {
        let store = try StoreFactory.postgres()
        try store.seedGenerated(count: 1, rngSeed: 1, seedDataDirectory: StoreFactory.seedDataDirectory, progress: nil)
        let first = try #require(try store.feedPage(after: nil, limit: 1).items.first).photo
        var location = store.location
        location.idleInTransactionTimeout = .milliseconds(500)
        var configuration = location.testConnectionConfiguration
        configuration.options.additionalStartupParameters = location.startupParameters()
        let silent = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 7,
            logger: TestCluster.logger)
        let other: PostgresConnection
        do {
            other = try await PostgresChangeOrderTests.connect(location)
        } catch {
            try? await silent.close()
            throw error
        }
        let outcome: Result<Void, any Error>
        do {
            try await PostgresChangeOrderTests.run(silent, "BEGIN",
                                                   "UPDATE photo SET likes = likes + 1 WHERE id = \(first.id)")
            // (a lock held past 20 s is an error here, not a wait)
            try await PostgresChangeOrderTests.run(other, "SET lock_timeout = '20s'",
                                                   "UPDATE photo SET likes = likes + 5 WHERE id = \(first.id)")
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        // The server ended the silent session: postgres-nio's close of it may never answer.
        await Self.close(silent, within: .seconds(5))
        try? await other.close()
        try outcome.get()
        // The silent session's +1 was rolled back with it; the other session's +5 is in.
        #expect(try store.feedPage(after: nil, limit: 1).items.first?.photo.likes == first.likes + 5)
    }

    /// Closes `connection`, waiting `limit` at most; a close that has not finished by then is
    /// left to finish on its own (``DeadlineWait``).
    static func close(_ connection: PostgresConnection, within limit: Duration) async {
        let closing = Task<Void, any Error> { try await connection.close() }
        _ = try? await DeadlineWait.value(of: closing, until: .now + limit) { CancellationError() }
    }
}
