import FeedModel
@testable import FeedStorePostgres
import LayoutTestSupport
import PostgresNIO
import Testing

/// A worker cut off from PostgreSQL in the middle of a transaction (frozen, or its network gone)
/// holds the rows it locked only until the server ends its silent session: the store's sessions
/// start with the limits that make the server do so.
@Suite("PostgreSQL session limits", .blockingWork, .timeLimit(.minutes(10)))
struct PostgresSessionLimitsTests {
    @Test func theStoresSessionsStartWithTheLimits() async throws {
        let store = try StoreFactory.postgres()
        let settings = try await store.withSession { session in
            try await session.query("""
                SELECT current_setting('idle_in_transaction_session_timeout'), current_setting('tcp_keepalives_idle'),
                       current_setting('tcp_keepalives_interval'), current_setting('tcp_keepalives_count')
                """).rows.map { try $0.decode((String, String, String, String).self) }
        }
        // (Over a Unix socket the server reports 0 for the keepalives; the tests connect over TCP.)
        #expect(settings.map { [$0.0, $0.1, $0.2, $0.3] } == [["30s", "10", "5", "3"]])
    }
}
