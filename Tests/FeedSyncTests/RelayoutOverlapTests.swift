import FeedStore
@testable import FeedSync
import Synchronization
import Testing

/// A batch's relayout overlaps the next batch: one relayout in flight at most, in commit order,
/// every one counted, and the same store as relayouting inline.
@Suite struct RelayoutOverlapTests {
    /// Holds the first relayout until the worker has committed its second batch, so the test
    /// proves the worker went on while a relayout was in flight (inline relayout would deadlock
    /// here, which the time limit turns into a failure). Records how many calls ran at once.
    final class GatedRelayouter: CellRelayouting {
        private let state = Mutex<(calls: [[Int64]], running: Int, maxRunning: Int)>(([], 0, 0))
        private let gate = AsyncStream<Void>.makeStream()

        var calls: [[Int64]] { state.withLock { $0.calls } }
        var maxRunning: Int { state.withLock { $0.maxRunning } }

        func open() { gate.continuation.yield() }

        func relayoutCells(forPhotos photoIDs: [Int64]) async throws -> RelayoutSummary {
            let call = state.withLock { state in
                state.calls.append(photoIDs)
                state.running += 1
                state.maxRunning = max(state.maxRunning, state.running)
                return state.calls.count
            }
            if call == 1 {
                var iterator = gate.stream.makeAsyncIterator()
                _ = await iterator.next()
            }
            state.withLock { $0.running -= 1 }
            return RelayoutSummary(relayouts: photoIDs.count, heightChanges: 0)
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func theWorkerCommitsTheNextBatchWhileARelayoutIsInFlight() async throws {
        let store = try SyncFixture.seededStore(users: 3, photos: 12)
        let relayouter = GatedRelayouter()
        var configuration = SyncWorker.Configuration(simulation: SyncFixture.fixedSimulation(), maxBatchSize: 4)
        configuration.faultInjection = { point in
            if point == .afterCommit(batch: 2) { relayouter.open() }
        }
        let worker = SyncWorker(store: store, relayouter: relayouter, clock: VirtualClock(),
                                configuration: configuration)
        let report = try await worker.run(until: .idle)
        let calls = relayouter.calls
        #expect(report.batches >= 3)
        #expect(relayouter.maxRunning == 1, "one relayout in flight at most")
        #expect(Set(calls.joined()) == Set(1 ... 12))
        #expect(report.relayouts == calls.map(\.count).reduce(0, +), "every relayout counted, the last one too")
    }

    @Test func overlappingRelayoutAsksForTheSamePhotosInTheSameOrderAsInlineRelayout() async throws {
        var results: [(calls: [[Int64]], report: SyncReport, snapshot: String)] = []
        for overlaps in [true, false] {
            let store = try SyncFixture.seededStore(photos: 20)
            let relayouter = RecordingRelayouter()
            let configuration = SyncWorker.Configuration(simulation: SyncDeterminismTests.simulation, seed: 4,
                                                         maxBatchSize: 3, overlapsRelayout: overlaps)
            let report = try await SyncWorker(store: store, relayouter: relayouter, clock: VirtualClock(),
                                              configuration: configuration).run(until: .idle)
            results.append((relayouter.recordedCalls, report, try SyncFixture.userVisibleSnapshot(store)))
        }
        #expect(results[0].calls.count > 3)
        #expect(results[0].calls == results[1].calls)
        #expect(results[0].report == results[1].report)
        #expect(results[0].snapshot == results[1].snapshot)
    }
}
