import FeedModel
@testable import FeedSync
import LayoutTestSupport
import Testing

/// Layout passes overlap the next batch: one pass per batch and at a time, every pass counted,
/// and the same passes, counts and store as relayouting inline.
@Suite(.blockingWork) struct RelayoutOverlapTests {
    /// Runs 12 photos of 3 users (36 jobs, 9 batches of 4) with the first pass held until the
    /// worker has committed batch `openingAfter` (a worker that waited for the pass before
    /// committing that batch would deadlock here, which the tests' time limit turns into a failure;
    /// the limit leaves room for a whole `bin/test` on two cores, where synchronous tests can hold
    /// both cooperative threads for over a minute, as ``RelayoutQueueTests`` says).
    static func runHoldingTheFirstPass(untilAfterCommit openingAfter: Int) async throws
        -> (report: SyncReport, relayouter: GatedRelayouter) {
        let store = try SyncFixture.seededStore(users: 3, photos: 12)
        let relayouter = GatedRelayouter()
        var configuration = SyncWorker.Configuration(simulation: SyncFixture.fixedSimulation(), batchSize: 4)
        configuration.faultInjection = { point in
            if point == .afterCommit(batch: openingAfter) { relayouter.open() }
        }
        let worker = SyncWorker(store: store, relayouter: relayouter, clock: VirtualClock(),
                                configuration: configuration)
        return (try await worker.run(until: .idle), relayouter)
    }

    @Test(.timeLimit(minutes: 10))
    func theWorkerCommitsTheNextBatchWhileARelayoutIsInFlight() async throws {
        let (report, relayouter) = try await Self.runHoldingTheFirstPass(untilAfterCommit: 2)
        let calls = relayouter.calls
        #expect(report.batches == 9)
        #expect(calls.count == 9, "one pass per batch")
        #expect(relayouter.maxRunning == 1, "one relayout in flight at most")
        #expect(calls.allSatisfy { $0 == $0.sorted() && Set($0).count == $0.count }, "each pass's ids once, sorted")
        #expect(Set(calls.joined()) == Set(1 ... 12))
        #expect(report.relayouts == calls.map(\.count).reduce(0, +), "every relayout counted, the last one too")
        #expect(report.heightChanges == 9)
    }

    @Test func overlappingPassesLeaveTheSameStoreAsInlineRelayout() async throws {
        var results: [(calls: [[Int64]], report: SyncReport, snapshot: String)] = []
        for overlaps in [true, false] {
            let store = try SyncFixture.seededStore(photos: 20)
            let relayouter = RecordingRelayouter()
            let configuration = SyncWorker.Configuration(simulation: SyncDeterminismTests.simulation, seed: 4,
                                                         batchSize: 3, overlapsRelayout: overlaps)
            let report = try await SyncWorker(store: store, relayouter: relayouter, clock: VirtualClock(),
                                              configuration: configuration).run(until: .idle)
            results.append((relayouter.recordedCalls, report, try SyncFixture.userVisibleSnapshot(store)))
        }
        #expect(results[1].calls.count > 3)
        #expect(results[0].calls == results[1].calls)
        #expect(results[0].report == results[1].report)
        #expect(results[0].report.relayouts == 2 * results[0].calls.joined().count)
        #expect(results[0].snapshot == results[1].snapshot)
    }
}
