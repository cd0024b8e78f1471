@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import StoreTestSupport
import LayoutTestSupport
import Testing

/// `photofeed jobs`' store side: counts by kind and state, the failed jobs with their last
/// error, and retrying failed jobs in one transaction.
@Suite(.blockingWork) struct JobAdministrationTests {
    /// A seeded store whose image jobs of photos 1 and 2 failed for good and whose geocode job
    /// of location 1 was cancelled; every other job is done except image 3, still pending.
    static func storeWithFailures(_ kind: StoreKind) throws -> FeedStore {
        let store = try StoreFixture.store(kind)
        try store.seedCurated(from: SmallSeed.directory())
        try store.writer.write { db in
            try db.execute(sql: "UPDATE sync_job SET state = 'done', attempts = 1, result = 'ok'")
            try db.execute(sql: """
                UPDATE sync_job SET state = 'failed', attempts = 5, result = 'gave up: attempt 5 failed after 812 ms'
                WHERE kind = 'image' AND target_id IN (1, 2)
                """)
            try db.execute(sql: """
                UPDATE sync_job SET state = 'failed', result = 'cancelled' WHERE kind = 'geocode' AND target_id = 1
                """)
            try db.execute(sql: "UPDATE sync_job SET state = 'pending' WHERE kind = 'image' AND target_id = 3")
        }
        return store
    }

    static func jobID(_ store: FeedStore, _ kind: String, _ target: Int64) throws -> Int64 {
        try store.writer.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM sync_job WHERE kind = ? AND target_id = ?",
                               arguments: [kind, target])!
        }
    }

    @Test(arguments: StoreKind.allCases)
    func countsByKindAndState(_ kind: StoreKind) throws {
        let store = try Self.storeWithFailures(kind)
        let expected = try store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT kind, state, COUNT(*) FROM sync_job GROUP BY 1, 2 ORDER BY 1, 2")
                .map { JobStateCount(kind: $0[0], state: $0[1], count: $0[2]) }
        }
        let counts = try store.jobCounts()
        #expect(counts == expected)
        #expect(counts.contains(JobStateCount(kind: "image", state: "failed", count: 2)))
        #expect(counts.contains(JobStateCount(kind: "image", state: "pending", count: 1)))
        #expect(counts.contains(JobStateCount(kind: "geocode", state: "failed", count: 1)))
    }

    @Test(arguments: StoreKind.allCases)
    func failedJobsCarryTheirLastError(_ kind: StoreKind) throws {
        let store = try Self.storeWithFailures(kind)
        let failed = try store.failedJobs(limit: 10)
        #expect(failed.count == 3)
        #expect(Set(failed.map { "\($0.kind)#\($0.targetID)" }) == ["image#1", "image#2", "geocode#1"])
        #expect(failed.map(\.id) == failed.map(\.id).sorted())
        let image = try #require(failed.first { $0.kind == "image" })
        #expect(image.attempts == 5)
        #expect(image.lastError == "gave up: attempt 5 failed after 812 ms")
        #expect(failed.first { $0.kind == "geocode" }?.lastError == "cancelled")
        #expect(try store.failedJobs(limit: 1).count == 1)
    }

    @Test(arguments: StoreKind.allCases)
    func retryByKindMakesOnlyThoseJobsPendingAndDueNow(_ kind: StoreKind) throws {
        // Given two failed image jobs and a cancelled geocode job
        let store = try Self.storeWithFailures(kind)
        let ids = try [Self.jobID(store, "image", 1), Self.jobID(store, "image", 2)].sorted()

        // When the image jobs are retried
        let report = try store.retryFailedJobs(kind: .image, id: nil)

        // Then exactly they are pending, due at the store's now, attempts kept and the error cleared
        #expect(report.retried == ids)
        let rows = try store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT state, attempts, next_run_at, result FROM sync_job WHERE id IN (?, ?)",
                             arguments: [ids[0], ids[1]])
        }
        for row in rows {
            #expect(row["state"] as String == "pending")
            #expect(row["attempts"] as Int == 5)
            #expect(row["next_run_at"] as Int64 == store.clock.nowMilliseconds)
            #expect((row["result"] as String?) == nil)
        }
        #expect(try store.failedJobs(limit: 10).map(\.kind) == ["geocode"])
        #expect(try store.retryFailedJobs(kind: .image, id: nil).retried.isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func retryByIDAndRetryAll(_ kind: StoreKind) throws {
        let store = try Self.storeWithFailures(kind)
        let geocode = try Self.jobID(store, "geocode", 1)
        #expect(try store.retryFailedJobs(kind: .image, id: geocode).retried.isEmpty)
        #expect(try store.retryFailedJobs(kind: nil, id: geocode).retried == [geocode])
        // A job that is not failed (done, here) is left as it is.
        let done = try Self.jobID(store, "avatar", 1)
        #expect(try store.retryFailedJobs(kind: nil, id: done).retried.isEmpty)
        #expect(try store.retryFailedJobs(kind: nil, id: nil).retried.count == 2)
        #expect(try store.failedJobs(limit: 10).isEmpty)
    }

    @Test(arguments: StoreKind.allCases)
    func retryOfAnUnknownIDChangesNothing(_ kind: StoreKind) throws {
        let store = try Self.storeWithFailures(kind)
        let before = try StoreFixture.snapshot(store)
        #expect(throws: SyncJobAdministrationError.unknownJob(id: 999_999)) {
            try store.retryFailedJobs(kind: nil, id: 999_999)
        }
        #expect(try StoreFixture.snapshot(store) == before)
        #expect("\(SyncJobAdministrationError.unknownJob(id: 7))" == "no sync job with id 7 in the database")
    }
}
