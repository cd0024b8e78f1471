@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import LayoutTestSupport
import Testing

/// The queries the feed runs use the indexes made for them (EXPLAIN QUERY PLAN).
@Suite(.blockingWork) struct QueryPlanTests {
    static func plan(_ store: FeedStore, _ sql: String, _ arguments: StatementArguments) throws -> String {
        try store.writer.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + sql, arguments: arguments)
                .map { $0["detail"] as String }.joined(separator: "\n")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theFeedWalksThePhotoFeedIndex(kind: StoreKind) throws {
        let store = try StoreFixture.store(kind)
        for (sql, arguments) in [(FeedStore.firstPageSQL, [21] as StatementArguments),
                                 (FeedStore.nextPageSQL, [1_704_067_620_000, 7, 21] as StatementArguments)] {
            let plan = try Self.plan(store, sql, arguments)
            #expect(plan.contains("SCAN p USING INDEX photo_feed") || plan.contains("SEARCH p USING INDEX photo_feed"),
                    "\(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
            #expect(plan.contains("SEARCH u USING INTEGER PRIMARY KEY"), "\(plan)")
            #expect(plan.contains("SEARCH l USING INTEGER PRIMARY KEY"), "\(plan)")
            #expect(plan.contains("SEARCH c USING COVERING INDEX comment_photo_order"), "\(plan)")
        }
        let next = try Self.plan(store, FeedStore.nextPageSQL, [1, 7, 21])
        #expect(next.contains("SEARCH p USING INDEX photo_feed"), "the cursor seeks, it does not scan: \(next)")
    }

    @Test(arguments: StoreKind.allCases)
    func aPhotosFirstCommentsAreReadInOrderWithoutSorting(kind: StoreKind) throws {
        let plan = try Self.plan(StoreFixture.store(kind), FeedStore.firstCommentsSQL, [1, 2])
        // Covering: the author and body come from the index, without a seek of the comment table.
        #expect(plan.contains("SEARCH c USING COVERING INDEX comment_photo_order (photo_id=?)"), "\(plan)")
        #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
    }

    @Test(arguments: StoreKind.allCases)
    func aLayoutPageLookupSeeksTheCacheKey(kind: StoreKind) throws {
        let store = try StoreFixture.store(kind)
        let plan = try Self.plan(store, FeedStore.layoutLookupSQL, [1, "photo", 375, 0, 375, Double.infinity, 2])
        // Both tables are clustered by their keys: one descent of the link's primary key, then
        // one of the shared layout's, no separate index.
        #expect(plan.contains("SEARCH lc USING PRIMARY KEY (photo_id=? AND cell_kind=? AND min_width=? "
                              + "AND min_height=? AND max_width=? AND max_height=? AND scale=?)"), "\(plan)")
        #expect(plan.contains("SEARCH cl USING PRIMARY KEY (fingerprint=? AND cell_kind=? AND min_width=? "
                              + "AND min_height=? AND max_width=? AND max_height=? AND scale=?)"), "\(plan)")
    }

    @Test(arguments: StoreKind.allCases)
    func foreignKeysAndTheJobPollAreIndexed(kind: StoreKind) throws {
        let store = try StoreFixture.store(kind)
        let checks: [(String, String)] = [
            ("SELECT id FROM photo WHERE owner_id = 1", "photo_owner_id"),
            ("SELECT id FROM photo WHERE location_id = 1", "photo_location_id"),
            ("SELECT id FROM comment WHERE author_id = 1", "comment_author_id"),
            ("SELECT id FROM sync_job WHERE state = 'pending' AND next_run_at <= 5 ORDER BY next_run_at", "sync_job_due"),
        ]
        for (sql, index) in checks {
            let plan = try Self.plan(store, sql, [])
            #expect(plan.contains(index), "\(sql): \(plan)")
        }
    }

    /// The change stream's hub reads the log's bounds with every page, many times a second: two
    /// descents of the key, whatever the log holds.
    @Test(arguments: StoreKind.allCases)
    func theChangeLogsBoundsAreReadFromItsKey(kind: StoreKind) throws {
        let plan = try Self.plan(StoreFixture.store(kind), FeedStore.changeLogBoundsSQL, [])
        #expect(!plan.contains("SCAN change_log"), "\(plan)")
        #expect(plan.components(separatedBy: "SEARCH change_log").count == 3, "\(plan)")
    }
}
