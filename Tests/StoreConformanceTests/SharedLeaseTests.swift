import FeedModel
import Foundation
import LayoutTestSupport
import Testing

/// Many workers on one job queue, SQLite or PostgreSQL: claims are disjoint and in due order, a
/// lease that expires returns its jobs, a completion whose lease was lost is discarded, and only
/// the holder of a live lease renews it.
@Suite("Job leases on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedLeaseTests {
    static let lease: Int64 = 30_000

    static func seeded(_ backend: StoreBackend, clock: TestStoreClock) throws -> any SyncJobStoring & SyncJobLeasing {
        let store = try StoreFactory.make(backend, clock: clock)
        try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        return store.jobs
    }

    @Test(arguments: StoreBackend.allCases)
    func workersClaimDisjointBatchesInDueOrder(_ backend: StoreBackend) throws {
        let clock = TestStoreClock()
        let store = try Self.seeded(backend, clock: clock)
        let pending = try store.pendingJobs().map(\.job.rowID)

        let first = try store.claimDueJobs(worker: "a", limit: 10, leaseMilliseconds: Self.lease)
        let second = try store.claimDueJobs(worker: "b", limit: 10, leaseMilliseconds: Self.lease)

        #expect(first.map(\.rowID) == Array(pending[0 ..< 10]))
        #expect(second.map(\.rowID) == Array(pending[10 ..< 20]))
        #expect(try store.unfinishedJobCount() == pending.count)
        #expect(try store.pendingJobs().count == pending.count - 20)
    }

    @Test(arguments: StoreBackend.allCases)
    func concurrentClaimsNeverShareAJob(_ backend: StoreBackend) async throws {
        let store = try Self.seeded(backend, clock: TestStoreClock())
        let total = try store.pendingJobs().count

        let claimed = try await withThrowingTaskGroup(of: [Int64].self) { group in
            for worker in 0 ..< 4 {
                group.addTask {
                    var mine: [Int64] = []
                    while true {
                        let batch = try store.claimDueJobs(worker: "w\(worker)", limit: 50,
                                                           leaseMilliseconds: Self.lease)
                        if batch.isEmpty { return mine }
                        mine += batch.map(\.rowID)
                    }
                }
            }
            return try await group.reduce(into: [[Int64]]()) { $0.append($1) }
        }

        let all = claimed.flatMap { $0 }
        #expect(all.count == total)
        #expect(Set(all).count == total)
    }

    @Test(arguments: StoreBackend.allCases)
    func anExpiredLeaseReturnsTheJobAndItsLateCompletionIsDiscarded(_ backend: StoreBackend) throws {
        // Given worker a's claim, expired before it completes
        let clock = TestStoreClock()
        let store = try Self.seeded(backend, clock: clock)
        let job = try #require(try store.claimDueJobs(worker: "a", limit: 1, leaseMilliseconds: Self.lease).first)
        clock.advance(milliseconds: Self.lease)

        // When worker b claims it and completes it, then a completes it late
        let reclaimed = try store.claimDueJobs(worker: "b", limit: 1, leaseMilliseconds: Self.lease)
        var batch = SyncBatch()
        batch.append(.succeed(job, attempt: job.attemptsDone + 1))
        let late = try store.commit(batch, worker: "a", geocoder: ReverseGeocoder())
        let held = try store.commit(batch, worker: "b", geocoder: ReverseGeocoder())
        let replay = try store.commit(batch, worker: "b", geocoder: ReverseGeocoder())

        // Then the job went to b, a's completion was discarded and b's applied once
        #expect(reclaimed.map(\.rowID) == [job.rowID])
        #expect(reclaimed.first?.attemptsDone == job.attemptsDone)
        #expect(late.succeeded == 0 && late.cancelled == 1 && late.changes.isEmpty)
        #expect(held.succeeded == 1 && held.cancelled == 0)
        #expect(replay.succeeded == 0 && replay.cancelled == 1)
        #expect(try store.unfinishedJobCount() == store.pendingJobs().count)
    }

    @Test(arguments: StoreBackend.allCases)
    func renewingKeepsALeaseOnlyWhileItIsHeld(_ backend: StoreBackend) throws {
        let clock = TestStoreClock()
        let store = try Self.seeded(backend, clock: clock)
        let jobs = try store.claimDueJobs(worker: "a", limit: 3, leaseMilliseconds: Self.lease).map(\.rowID)

        clock.advance(milliseconds: Self.lease - 1)
        let renewed = try store.renewLeases(worker: "a", rowIDs: jobs, leaseMilliseconds: Self.lease)
        let byOther = try store.renewLeases(worker: "b", rowIDs: jobs, leaseMilliseconds: Self.lease)
        clock.advance(milliseconds: Self.lease - 1)
        let stillHeld = try store.claimDueJobs(worker: "b", limit: 3, leaseMilliseconds: Self.lease)
            .filter { jobs.contains($0.rowID) }
        clock.advance(milliseconds: 1)
        let released = try store.releaseRunningJobs()

        #expect(renewed == jobs.sorted())
        #expect(byOther.isEmpty)
        #expect(stillHeld.isEmpty)
        switch backend {
        case .postgres: #expect(released == 3)  // a's expired leases; b's claims still hold theirs
        case .sqlite: #expect(released == 6)  // for the sync lock's holder: every lease is a dead process's
        }
    }

    @Test(arguments: StoreBackend.allCases)
    func aGivenBackJobIsPendingAgainWithItsLeaseCleared(_ backend: StoreBackend) throws {
        // Given two claimed jobs: one given back, one that failed an attempt and waits to retry
        let store = try Self.seeded(backend, clock: TestStoreClock())
        let jobs = try store.claimDueJobs(worker: "a", limit: 2, leaseMilliseconds: Self.lease)
        var batch = SyncBatch()
        batch.append(.release(rowID: jobs[0].rowID))
        batch.append(.retry(jobs[1], attempt: 1, nextRunAt: 0, message: "attempt 1 failed after 80 ms"))

        // When the worker commits both
        let result = try store.commit(batch, worker: "a", geocoder: ReverseGeocoder())

        // Then both are due again for any worker, the failed attempt counted
        #expect(result.retried == 1 && result.cancelled == 0)
        let reclaimed = try store.claimDueJobs(worker: "b", limit: 2, leaseMilliseconds: Self.lease)
        #expect(Set(reclaimed.map(\.rowID)) == Set(jobs.map(\.rowID)))
        #expect(reclaimed.first { $0.rowID == jobs[1].rowID }?.attemptsDone == 1)
    }
}
