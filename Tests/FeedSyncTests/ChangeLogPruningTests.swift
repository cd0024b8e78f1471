import FeedModel
import FeedStore
import FeedSync
import LayoutTestSupport
import Testing

/// The sync worker bounds the change log its commits grow: every so many batches, and when it
/// stops, it prunes what the retention no longer keeps.
@Suite(.blockingWork) struct ChangeLogPruningTests {
    @Test func theWorkerKeepsTheNewestRowsOfTheChangeLog() async throws {
        let store = try SyncFixture.seededStore(photos: 12)
        var configuration = SyncWorker.Configuration(simulation: SyncFixture.fixedSimulation(), batchSize: 4)
        configuration.changeRetention = ChangeRetention(count: 5, maxAge: 86_400_000)
        configuration.changeLogPruneInterval = 2
        let worker = SyncWorker(store: store, relayouter: RecordingRelayouter(), clock: VirtualClock(),
                                configuration: configuration)
        let report = try await worker.run(until: .idle)

        let log = try await store.changes(after: 0, limit: 1_000)
        #expect(report.batches > 2)
        #expect(log.head > 5, "the run changed more cells than the log keeps")
        #expect(log.changes.map(\.sequence) == Array(log.head - 4 ... log.head))
        #expect(log.horizon == log.head - 5)
    }
}
