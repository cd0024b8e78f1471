import FeedModel
import FeedSync
import LayoutTestSupport
import Testing

/// Each sync worker's running totals (`sync_worker`, ``SyncWorkerCounts``) on both stores: a
/// leased commit adds what it committed in its own transaction, a worker's run adds up to its
/// report, and a worker started again under the same name goes on from its totals.
@Suite("Sync worker totals on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedWorkerCountsTests {
    static let lease: Int64 = 30_000

    /// Counts one relayout per marked cell, and a height change for each photo with an even id.
    struct CountingRelayout: CellRelayouting {
        func prepareRelayout(_ cells: [MarkedCell]) throws -> RelayoutPass {
            let summary = RelayoutSummary(relayouts: cells.count, heightChanges: cells.count { $0.photoID % 2 == 0 })
            return RelayoutPass { summary }
        }
    }

    /// The curated set's store.
    static func seeded(_ backend: StoreBackend, clock: TestStoreClock = TestStoreClock()) throws -> StoreUnderTest {
        let store = try StoreFactory.make(backend, clock: clock)
        try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        return store
    }

    @Test(arguments: StoreBackend.allCases)
    func aLeasedCommitAddsWhatItCommittedToItsWorkersRow(_ backend: StoreBackend) async throws {
        // Given two jobs claimed by worker a, one of them lost to b after its lease expired
        let clock = TestStoreClock()
        let store = try Self.seeded(backend, clock: clock)
        #expect(try await store.serving.servedWorkerCounts().isEmpty)
        let jobs = try store.jobs.claimDueJobs(worker: "a", limit: 2, leaseMilliseconds: Self.lease)
        try #require(jobs.count == 2)
        clock.advance(milliseconds: Self.lease / 2)
        _ = try store.jobs.renewLeases(worker: "a", rowIDs: [jobs[0].rowID], leaseMilliseconds: Self.lease)
        clock.advance(milliseconds: Self.lease / 2)
        let lost = try store.jobs.claimDueJobs(worker: "b", limit: 1, leaseMilliseconds: Self.lease)
        #expect(lost.map(\.rowID) == [jobs[1].rowID])

        // When a commits both, with a tally of what it counted outside the transaction
        var batch = SyncBatch()
        batch.append(.succeed(jobs[0], attempt: jobs[0].attemptsDone + 1))
        batch.append(.succeed(jobs[1], attempt: jobs[1].attemptsDone + 1))
        batch.tally = SyncWorkerTally(retried: 3, relayouts: 5, heightChanges: 1)
        let result = try store.jobs.commit(batch, worker: "a", geocoder: ReverseGeocoder())

        // Then a's row holds the commit's own counts (the lost job cancelled) and the tally
        #expect(result.succeeded == 1 && result.cancelled == 1)
        let counts = try await store.serving.servedWorkerCounts()
        #expect(counts == [SyncWorkerCounts(
            worker: "a", tally: SyncWorkerTally(completed: 1, retried: 3, cancelled: 1, batches: 1, relayouts: 5,
                                                heightChanges: 1),
            updatedAt: clock.milliseconds)])

        // And a tally of its own adds to the row, stamped with the store's time
        clock.advance(milliseconds: 1_000)
        try store.jobs.recordWorkerTally(SyncWorkerTally(relayouts: 2), worker: "a")
        let later = try await store.serving.servedWorkerCounts()
        #expect(later.map(\.tally.relayouts) == [7] && later.map(\.updatedAt) == [clock.milliseconds])
    }

    @Test(arguments: StoreBackend.allCases)
    func aWorkersTotalsAreItsRunsAndGoOnWhenItStartsAgain(_ backend: StoreBackend) async throws {
        // Given the curated set's jobs, half of them run by worker "w" in batches of 8 with failures and retries
        let store = try Self.seeded(backend)
        let total = try store.jobs.unfinishedJobCount()
        let configuration = SyncWorker.Configuration(
            simulation: SyncSimulation(failureRate: 0.3, retry: RetryPolicy(maxAttempts: 2)), seed: 7, worker: "w",
            batchSize: 8)
        func run(until stop: SyncStopCondition) async throws -> SyncReport {
            let worker = SyncWorker(store: store.jobs, relayouter: CountingRelayout(), clock: VirtualClock(),
                                    leaseClock: VirtualClock(), configuration: configuration)
            let outcome: Result<SyncReport, any Error> = await BlockingWorkThreads.run {
                do { return .success(try await worker.run(until: stop)) } catch { return .failure(error) }
            }
            return try outcome.get()
        }

        // When it runs for a while of simulated time, then starts again and runs until idle
        let first = try await run(until: .duration(.milliseconds(400)))
        let afterFirst = try await store.serving.servedWorkerCounts()
        let second = try await run(until: .idle)
        let afterSecond = try await store.serving.servedWorkerCounts()

        // Then the totals are each run's report, added up across the two runs
        #expect(first.completed + first.failed < total, "the first run should stop before the queue is dry")
        #expect(afterFirst.map(\.worker) == ["w"])
        #expect(afterFirst.first?.tally == SyncWorkerTally(first))
        #expect(afterSecond.first?.tally == SyncWorkerTally(first) + SyncWorkerTally(second))
        let tally = try #require(afterSecond.first?.tally)
        #expect(tally.completed + tally.failed == total)
        #expect(tally.retried > 0 && tally.relayouts > 0 && tally.heightChanges > 0)
    }
}

extension SyncWorkerTally {
    /// What `report` counted.
    init(_ report: SyncReport) {
        self.init(completed: report.completed, failed: report.failed, retried: report.retried,
                  cancelled: report.cancelled, batches: report.batches, relayouts: report.relayouts,
                  heightChanges: report.heightChanges)
    }
}
