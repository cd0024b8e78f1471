@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import StoreTestSupport
import LayoutTestSupport
import Testing

/// A photo's comments are read for its cell only once its comment feed has loaded, and migration
/// 0011 gives every photo already stored a pending comment-feed job.
@Suite(.blockingWork) struct CommentFeedStoreTests {
    static let previous = "0010_key_layout_cache_by_fingerprint"

    @Test(arguments: StoreKind.allCases)
    func firstCommentsAreEmptyUntilTheCommentFeedHasLoaded(kind: StoreKind) throws {
        let store = try StoreFixture.store(kind)
        try store.seedCurated(from: SmallSeed.directory())
        // Photos 2, 4 and 6 have one comment each.
        #expect(try store.firstComments(photoIDs: [2, 4, 6], limit: 20).isEmpty)
        #expect(try store.feedItems(photoIDs: [2])[2]?.photo.commentsLoaded == false)
        try store.setCommentsLoaded(photoID: 4)
        let comments = try store.firstComments(photoIDs: [2, 4, 6], limit: 20)
        #expect(comments == [4: [CommentLine(authorName: "user1", body: "Wow 4")]])
        let item = try #require(try store.feedItems(photoIDs: [4])[4])
        #expect(item.photo.commentsLoaded && item.photo.contentVersion == 2 && item.commentCount == 1)
        // Loading again changes nothing.
        try store.setCommentsLoaded(photoID: 4)
        #expect(try store.feedItems(photoIDs: [4])[4]?.photo.contentVersion == 2)
    }

    @Test func migrationGivesEveryStoredPhotoAPendingCommentFeedJob() throws {
        // Given a seeded database at 0010, photo 2's image job done earlier
        let store = try StoreFixture.store(.file, migrationTarget: .upTo(Self.previous))
        try StoreFixture.copySmallSeed(into: store)
        try store.writer.write { db in
            try db.execute(sql: """
                UPDATE sync_job SET state = 'done', next_run_at = 5, result = 'loaded' WHERE kind = 'image' AND target_id = 2
                """)
        }
        let jobsBefore = try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_job") }
        // When it migrates
        try store.migrate()
        // Then each of the 7 photos has a pending comment-feed job, due when its image job was
        let rows = try store.writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT j.target_id, j.state, j.attempts, j.next_run_at, p.comments_loaded
                FROM sync_job j JOIN photo p ON p.id = j.target_id WHERE j.kind = 'comment-feed' ORDER BY j.target_id
                """)
        }
        #expect(rows.map { $0[0] as Int64 } == [1, 2, 3, 4, 5, 6, 7])
        #expect(rows.allSatisfy { ($0[1] as String) == "pending" && ($0[2] as Int) == 0 && ($0[4] as Int) == 0 })
        let now: Int64 = 1_750_000_000_000
        #expect(rows.map { $0[3] as Int64 } == [now, 5, now, now, now, now, now])
        let jobsAfter = try store.writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_job") }
        #expect(jobsAfter == (jobsBefore ?? 0) + 7)
        // And the rebuilt table keeps its indexes and refuses unknown kinds.
        let indexes = try store.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'sync_job' ORDER BY name")
        }
        #expect(indexes == ["sync_job_due", "sync_job_lease", "sync_job_target"], "0013 adds the lease index")
        #expect(throws: DatabaseError.self) {
            try store.writer.write { db in try db.execute(sql: "UPDATE sync_job SET kind = 'video' WHERE id = 1") }
        }
    }
}
