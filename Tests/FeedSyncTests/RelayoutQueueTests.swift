@testable import FeedSync
import Synchronization
import Testing

/// The layout-pass queue alone: marks coalesce while a pass runs, a failure surfaces once, and a
/// stopping run can drop what is marked.
@Suite struct RelayoutQueueTests {
    /// Records each pass; the first one waits until ``release()``. ``firstPassStarted()`` returns
    /// once the first pass has taken its photos.
    final class HeldRelayouter: CellRelayouting {
        private let calls = Mutex<[[Int64]]>([])
        private let started = AsyncStream<Void>.makeStream()
        private let gate = AsyncStream<Void>.makeStream()
        let failsOnCall: Int?

        init(failsOnCall: Int? = nil) {
            self.failsOnCall = failsOnCall
        }

        var recorded: [[Int64]] { calls.withLock { $0 } }
        func release() { gate.continuation.yield() }

        func firstPassStarted() async {
            var iterator = started.stream.makeAsyncIterator()
            _ = await iterator.next()
        }

        func relayoutCells(forPhotos photoIDs: [Int64]) async throws -> RelayoutSummary {
            let call = calls.withLock { calls in
                calls.append(photoIDs)
                return calls.count
            }
            if call == 1 {
                started.continuation.yield()
                var iterator = gate.stream.makeAsyncIterator()
                _ = await iterator.next()
            }
            if call == failsOnCall { throw PassFailure() }
            return RelayoutSummary(relayouts: photoIDs.count * 2, heightChanges: 1)
        }
    }

    struct PassFailure: Error {}

    @Test(.timeLimit(.minutes(1)))
    func photosMarkedDuringAPassAreLaidOutOnceInTheNext() async throws {
        let relayouter = HeldRelayouter()
        let queue = RelayoutQueue(relayouter: relayouter)
        try await queue.setNeedsLayout([3, 1])
        await relayouter.firstPassStarted()
        try await queue.setNeedsLayout([2, 3])
        try await queue.setNeedsLayout([5, 1, 2])
        relayouter.release()
        try await queue.flush()
        #expect(relayouter.recorded == [[1, 3], [1, 2, 3, 5]])
        #expect(await queue.total == RelayoutSummary(relayouts: 12, heightChanges: 2))
        // Idle again: the next mark starts a pass of its own.
        try await queue.setNeedsLayout([4])
        try await queue.flush()
        #expect(relayouter.recorded.last == [4])
    }

    @Test(.timeLimit(.minutes(1)))
    func aFailedPassIsThrownOnceAndDropsWhatWasMarked() async throws {
        let relayouter = HeldRelayouter(failsOnCall: 1)
        let queue = RelayoutQueue(relayouter: relayouter)
        try await queue.setNeedsLayout([1])
        await relayouter.firstPassStarted()
        try await queue.setNeedsLayout([2])
        relayouter.release()
        await #expect(throws: PassFailure.self) { try await queue.flush() }
        #expect(relayouter.recorded == [[1]], "photo 2 was not laid out after the failure")
        try await queue.flush()
        try await queue.setNeedsLayout([7])
        try await queue.flush()
        #expect(relayouter.recorded == [[1], [7]])
    }

    @Test(.timeLimit(.minutes(1)))
    func discardingKeepsThePassUnderWayAndDropsTheRest() async throws {
        let relayouter = HeldRelayouter()
        let queue = RelayoutQueue(relayouter: relayouter)
        try await queue.setNeedsLayout([1, 2])
        await relayouter.firstPassStarted()
        try await queue.setNeedsLayout([3])
        await queue.discardMarked()
        relayouter.release()
        try await queue.flush()
        #expect(relayouter.recorded == [[1, 2]])
        #expect(await queue.total.relayouts == 4)
    }
}
