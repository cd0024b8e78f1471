import FeedModel
import FeedStorePostgres
import Logging
import NIOPosix
import PostgresNIO
import LayoutTestSupport
import Testing

/// PostgreSQL numbers the change log at commit: a transaction that bumps a photo first but
/// commits last gets the later number, so a reader that has seen number n has seen every change
/// committed before it (a sequence, numbered at the update, would let it skip one for good). A
/// transaction that rolls back takes no number.
@Suite("PostgreSQL change log numbering", .blockingWork, .timeLimit(minutes: 10))
struct PostgresChangeOrderTests {
    @Test
    func numbersFollowCommitOrderNotUpdateOrder() async throws {
        let store = try StoreFactory.postgres()
        try store.seedGenerated(count: 2, rngSeed: 1, seedDataDirectory: StoreFactory.seedDataDirectory, progress: nil)
        let ids = try store.feedPage(after: nil, limit: 2).items.map(\.photo.id)
        let early = try await Self.connect(store.location)
        let late: PostgresConnection
        do {
            late = try await Self.connect(store.location)
        } catch {
            try? await early.close()
            throw error
        }
        // Both connections are closed however the test ends (postgres-nio asserts that a
        // connection is closed before it is released).
        let outcome: Result<(ChangeLogPage, ChangeLogPage, ChangeLogPage), any Error>
        do {
            // Given a transaction that bumps the first photo and stays open
            try await Self.run(early, "BEGIN",
                               "UPDATE photo SET content_version = content_version + 1 WHERE id = \(ids[0])")
            // When another bumps the second photo and commits first
            try await Self.run(late, "BEGIN",
                               "UPDATE photo SET content_version = content_version + 1 WHERE id = \(ids[1])", "COMMIT")
            let meanwhile = try await store.changes(after: 0, limit: 10)
            try await Self.run(early, "COMMIT")
            let log = try await store.changes(after: 0, limit: 10)
            // And a transaction that rolls back takes no number
            try await Self.run(late, "BEGIN",
                               "UPDATE photo SET content_version = content_version + 1 WHERE id = \(ids[0])", "ROLLBACK")
            outcome = .success((meanwhile, log, try await store.changes(after: 0, limit: 10)))
        } catch {
            outcome = .failure(error)
        }
        try? await early.close()
        try? await late.close()
        let (meanwhile, log, unchanged) = try outcome.get()

        // Then the first to commit is number 1, and the other, committed later, number 2
        #expect(meanwhile.changes.map(\.photoID) == [ids[1]] && meanwhile.head == 1)
        #expect(log.changes.map(\.sequence) == [1, 2])
        #expect(log.changes.map(\.photoID) == [ids[1], ids[0]])
        #expect(unchanged == log)
    }

    static func connect(_ location: PostgresLocation) async throws -> PostgresConnection {
        let configuration = location.testConnectionConfiguration
        let connection = try await PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration, id: 1,
            logger: TestCluster.logger)
        do {
            try await run(connection, "SET search_path TO \(try #require(location.searchPath))")
        } catch {
            try? await connection.close()
            throw error
        }
        return connection
    }

    static func run(_ connection: PostgresConnection, _ statements: String...) async throws {
        for sql in statements {
            _ = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: TestCluster.logger)
        }
    }
}
