import FeedModel
import FeedSync
import LayoutTestSupport
import Synchronization
import Testing

/// A worker's progress shows the queue's unfinished jobs as the store counts them, on both
/// stores: not the jobs the worker happens to hold between two batches (0 after each commit).
@Suite("Sync progress on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedSyncProgressTests {
    /// Lays out nothing: the test is about the queue.
    struct NoRelayout: CellRelayouting {
        func prepareRelayout(_ cells: [MarkedCell]) throws -> RelayoutPass { .empty }
    }

    @Test(arguments: StoreBackend.allCases)
    func progressShowsThePendingJobs(_ backend: StoreBackend) async throws {
        // Given the curated set's jobs, run by one worker in batches of 8
        let store = try StoreFactory.make(backend)
        try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        let total = try store.jobs.unfinishedJobCount()
        let worker = SyncWorker(
            store: store.jobs, relayouter: NoRelayout(), clock: VirtualClock(), leaseClock: VirtualClock(),
            configuration: .init(simulation: SyncSimulation(failureRate: 0.2, retry: RetryPolicy(maxAttempts: 2)),
                                 seed: 5, batchSize: 8))

        // When it runs until idle, each progress beside the store's own count at that moment
        let seen = Mutex<[(shown: Int, counted: Int, ended: Int)]>([])
        let jobs = store.jobs
        // (The worker's store calls block: on threads of their own, not the cooperative pool.)
        let outcome: Result<SyncReport, any Error> = await BlockingWorkThreads.run {
            do {
                return .success(try await worker.run(until: .idle) { progress in
                    let counted = (try? jobs.unfinishedJobCount()) ?? -1
                    seen.withLock { $0.append((progress.pending, counted, progress.completed + progress.failed)) }
                })
            } catch {
                return .failure(error)
            }
        }
        let report = try outcome.get()

        // Then every line shows the store's count, which falls as jobs end
        let lines = seen.withLock { $0 }
        #expect(total > 16 && lines.count >= total / 8)
        #expect(lines.allSatisfy { $0.shown == $0.counted }, "\(lines.map { "\($0.shown)/\($0.counted)" })")
        #expect(lines.allSatisfy { $0.shown == total - $0.ended })
        #expect(lines.first.map { $0.shown > 0 } == true)
        #expect(report.pending == 0 && report.completed + report.failed == total)
    }
}
