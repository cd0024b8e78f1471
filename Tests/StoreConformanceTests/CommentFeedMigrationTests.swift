import FeedModel
import FeedStorePostgres
import Foundation
import LayoutTestSupport
import Testing

/// PostgreSQL migration 0006 on a database that already holds photos: the policy of SQLite's
/// 0011. Every photo gets a pending comment-feed job, due with its image job, and starts with its
/// comments not loaded.
@Suite("PostgreSQL comment-feed migration", .blockingWork, .timeLimit(minutes: 10))
struct CommentFeedMigrationTests {
    @Test
    func storedPhotosGetPendingCommentFeedJobsDueWithTheirImageJobs() throws {
        // Given a schema at 0005 holding two photos, one with an image job due at 42
        let location = try TestCluster.freshSchema()
        let old = try PostgresFeedStore(location: location, migrationsDirectory: StoreFactory.postgresMigrations,
                                        reconnect: .none, migrationTarget: .upTo("0005_create_generated_seed"))
        #expect(try old.appliedMigrations().last == "0005_create_generated_seed")
        try TestCluster.execute([
            "INSERT INTO \"user\" (id, username, full_name, avatar_url) VALUES (1, 'ann', 'Ann', 'a.jpg')",
            """
            INSERT INTO photo (id, owner_id, url, pixel_width, pixel_height, uploaded_at)
                VALUES (10, 1, 'p10.jpg', 4, 3, 1000), (11, 1, 'p11.jpg', 4, 3, 2000)
            """,
            "INSERT INTO comment (id, photo_id, author_id, body, created_at) VALUES (100, 10, 1, 'hi', 1500)",
            "INSERT INTO sync_job (kind, target_id, next_run_at) VALUES ('image', 10, 42)",
        ], in: location)

        // When the store migrates to the latest
        let store = try PostgresFeedStore(location: location, migrationsDirectory: StoreFactory.postgresMigrations,
                                          reconnect: .none)

        // Then each photo has a pending comment-feed job (due with its image job, else at 0), and
        // no comments show until it completes
        let feeds = try store.pendingJobs().filter { $0.job.key.kind == .commentFeed }
            .map { [$0.job.key.targetID, $0.nextRunAt] }.sorted { $0.lexicographicallyPrecedes($1) }
        #expect(feeds == [[10, 42], [11, 0]])
        let items = try store.feedItems(photoIDs: [10, 11])
        #expect(items.values.allSatisfy { !$0.photo.commentsLoaded })
        #expect(items[10]?.commentCount == 1)
        #expect(try store.firstComments(photoIDs: [10, 11], limit: 2).isEmpty)
    }
}
