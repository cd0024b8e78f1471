import FeedModel
import FeedStorePostgres
import LayoutTestSupport
import PostgresNIO
import Testing

/// The schema's triggers find their tables whatever the search path of the session that fires
/// them: an operator's psql, connected with the default path, that changes a photo or a user by
/// qualified name gets the content-version bumps and the change log rows the store's own
/// writes get.
@Suite("PostgreSQL triggers under another search path", .blockingWork, .timeLimit(minutes: 10))
struct PostgresTriggerSearchPathTests {
    @Test
    func aSessionOnTheDefaultPathBumpsThroughTheTriggers() async throws {
        let store = try StoreFactory.postgres()
        try store.seedGenerated(count: 3, rngSeed: 1, seedDataDirectory: StoreFactory.seedDataDirectory, progress: nil)
        let schema = try #require(store.location.searchPath)
        let photo = try #require(store.feedPage(after: nil, limit: 1).items.first).photo
        let headBefore = try await store.changes(after: 0, limit: 1).head

        // Given a session on the default search path (no `SET search_path`)
        var location = store.location
        location.searchPath = nil
        let configuration = location.testConnectionConfiguration
        let connection = try await PostgresConnection.connect(
            on: .singletonMultiThreadedEventLoopGroup.next(), configuration: configuration, id: 1,
            logger: TestCluster.logger)
        let outcome: Result<Void, any Error>
        do {
            // When it likes the photo and ends its owner's avatar download, by qualified names
            _ = try await connection.query(PostgresQuery(
                unsafeSQL: "UPDATE \(schema).photo SET likes = likes + 1 WHERE id = \(photo.id)"),
                logger: TestCluster.logger)
            _ = try await connection.query(PostgresQuery(
                unsafeSQL: "UPDATE \(schema).\"user\" SET avatar_state = 'failed' WHERE id = \(photo.ownerID)"),
                logger: TestCluster.logger)
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        try? await connection.close()
        try outcome.get()

        // Then the photo was bumped twice, once by each trigger, and each bump was logged
        let items = try store.feedPage(after: nil, limit: 3).items
        #expect(items.first { $0.photo.id == photo.id }?.photo.contentVersion == photo.contentVersion + 2)
        #expect(try await store.changes(after: 0, limit: 1).head >= headBefore + 2)
    }
}
