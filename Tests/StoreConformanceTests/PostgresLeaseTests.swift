import FeedModel
import FeedStorePostgres
import Foundation
import Testing

/// Many workers on one PostgreSQL queue: claims are disjoint, a lease that expires returns its
/// jobs, and a completion whose lease was lost is discarded.
@Suite("PostgreSQL job leases", .timeLimit(.minutes(5)))
struct PostgresLeaseTests {
    static let lease: Int64 = 30_000

    static func seeded(clock: TestStoreClock) throws -> PostgresFeedStore {
        let store = try StoreFactory.postgres(clock: clock)
        try store.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        return store
    }

    @Test
    func workersClaimDisjointBatchesInDueOrder() throws {
        let clock = TestStoreClock()
        let store = try Self.seeded(clock: clock)
        let pending = try store.pendingJobs().map(\.job.rowID)

        let first = try store.claimDueJobs(worker: "a", limit: 10, leaseMilliseconds: Self.lease)
        let second = try store.claimDueJobs(worker: "b", limit: 10, leaseMilliseconds: Self.lease)

        #expect(first.map(\.rowID) == Array(pending[0 ..< 10]))
        #expect(second.map(\.rowID) == Array(pending[10 ..< 20]))
        #expect(try store.unfinishedJobCount() == pending.count)
        #expect(try store.pendingJobs().count == pending.count - 20)
    }

    @Test
    func concurrentClaimsNeverShareAJob() async throws {
        let store = try Self.seeded(clock: TestStoreClock())
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

    @Test
    func anExpiredLeaseReturnsTheJobAndItsLateCompletionIsDiscarded() throws {
        // Given worker a's claim, expired before it completes
        let clock = TestStoreClock()
        let store = try Self.seeded(clock: clock)
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

    @Test
    func renewingKeepsALeaseOnlyWhileItIsHeld() throws {
        let clock = TestStoreClock()
        let store = try Self.seeded(clock: clock)
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
        #expect(released == 3)  // a's expired leases; b's claims still hold theirs
    }
}
