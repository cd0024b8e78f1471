import FeedModel
import Foundation
import LayoutTestSupport
import Testing

/// The job queue's administration (`photofeed jobs`) on both stores: counts by kind and state,
/// the failed jobs with their last error, and retries by kind, by id or all.
@Suite("Job administration on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedJobAdministrationTests {
    /// A curated store whose first two image jobs and first avatar job failed for good, its
    /// administration, and the failed jobs' row ids ascending.
    static func withFailures(_ backend: StoreBackend, clock: TestStoreClock = TestStoreClock()) throws
        -> (store: StoreUnderTest, admin: any SyncJobAdministering, failed: [Int64]) {
        let store = try StoreFactory.make(backend, clock: clock)
        try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        let admin = try #require(store.jobs as? any SyncJobAdministering)
        let byRow = try store.jobs.pendingJobs().map(\.job).sorted { $0.rowID < $1.rowID }
        let failing = byRow.filter { $0.key.kind == .image }.prefix(2) + byRow.filter { $0.key.kind == .avatar }.prefix(1)
        var batch = SyncBatch()
        for job in failing { batch.append(.start(rowID: job.rowID)) }
        for job in failing { batch.append(.giveUp(job, attempt: 5, message: "gave up: attempt 5 failed after 320 ms")) }
        let result = try store.jobs.commit(batch, geocoder: ReverseGeocoder(), beforeCommit: {})
        #expect(result.failed == 3)
        return (store, admin, failing.map(\.rowID).sorted())
    }

    @Test(arguments: StoreBackend.allCases)
    func countsByKindAndStateAndListsTheFailed(_ backend: StoreBackend) throws {
        let (_, admin, failed) = try Self.withFailures(backend)

        let counts = try admin.jobCounts()
        #expect(counts.map(\.kind) == counts.map(\.kind).sorted())
        #expect(counts.first { $0.kind == "image" && $0.state == "failed" }?.count == 2)
        #expect(counts.first { $0.kind == "avatar" && $0.state == "failed" }?.count == 1)
        #expect(counts.first { $0.kind == "image" && $0.state == "pending" }?.count == 2_400 - 2)
        #expect(!counts.contains { $0.state == "running" || $0.count == 0 })
        #expect(counts.reduce(0) { $0 + $1.count } == 7_217)

        let listed = try admin.failedJobs(limit: 50)
        #expect(listed.map(\.id) == failed)
        #expect(listed.map(\.kind).sorted() == ["avatar", "image", "image"])
        #expect(listed.allSatisfy { $0.attempts == 5 && $0.lastError == "gave up: attempt 5 failed after 320 ms" })
        #expect(try admin.failedJobs(limit: 2).map(\.id) == Array(failed.prefix(2)))
    }

    @Test(arguments: StoreBackend.allCases)
    func retriesByKindByIdOrAllDueNow(_ backend: StoreBackend) throws {
        let clock = TestStoreClock()
        let (store, admin, failed) = try Self.withFailures(backend, clock: clock)
        let avatar = try #require(try admin.failedJobs(limit: 50).first { $0.kind == "avatar" })
        clock.advance(milliseconds: 90_000)

        #expect(try admin.retryFailedJobs(kind: .geocode, id: nil).retried == [])
        #expect(try admin.retryFailedJobs(kind: .avatar, id: nil).retried == [avatar.id])
        let images = failed.filter { $0 != avatar.id }
        #expect(try admin.retryFailedJobs(kind: nil, id: images[0]).retried == [images[0]])
        #expect(try admin.retryFailedJobs(kind: .avatar, id: images[1]).retried == [])
        #expect(try admin.retryFailedJobs(kind: nil, id: nil).retried == [images[1]])
        #expect(try admin.failedJobs(limit: 50).isEmpty)

        // Retried jobs are pending, due at the store clock's now, their attempts still counted.
        let pending = Dictionary(uniqueKeysWithValues: try store.jobs.pendingJobs().map { ($0.job.rowID, $0) })
        for id in failed {
            let job = try #require(pending[id])
            #expect(job.nextRunAt == clock.milliseconds)
            #expect(job.job.attemptsDone == 5)
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func retryingAnUnknownJobThrowsAndChangesNothing(_ backend: StoreBackend) throws {
        let (_, admin, failed) = try Self.withFailures(backend)

        #expect(throws: SyncJobAdministrationError.unknownJob(id: 999_999)) {
            try admin.retryFailedJobs(kind: nil, id: 999_999)
        }
        #expect(try admin.failedJobs(limit: 50).map(\.id) == failed)
    }
}
