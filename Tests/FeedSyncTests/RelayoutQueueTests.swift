@testable import FeedSync
import Testing

/// The layout-pass queue alone: marks coalesce while a pass runs, a failure surfaces once, and a
/// stopping run can drop what is marked.
@Suite struct RelayoutQueueTests {
    @Test(.timeLimit(.minutes(1)))
    func photosMarkedDuringAPassAreLaidOutOnceInTheNext() async throws {
        let relayouter = GatedRelayouter()
        let queue = RelayoutQueue(relayouter: relayouter)
        try await queue.setNeedsLayout([3, 1])
        await relayouter.firstCallStarted()
        try await queue.setNeedsLayout([2, 3])
        try await queue.setNeedsLayout([5, 1, 2])
        relayouter.open()
        try await queue.flush()
        #expect(relayouter.calls == [[1, 3], [1, 2, 3, 5]])
        #expect(await queue.total == RelayoutSummary(relayouts: 6, heightChanges: 2))
        // Idle again: the next mark starts a pass of its own.
        try await queue.setNeedsLayout([4])
        try await queue.flush()
        #expect(relayouter.calls.last == [4])
    }

    @Test(.timeLimit(.minutes(1)))
    func aFailedPassIsThrownOnceAndDropsWhatWasMarked() async throws {
        let relayouter = GatedRelayouter(failsOnCall: 1)
        let queue = RelayoutQueue(relayouter: relayouter)
        try await queue.setNeedsLayout([1])
        await relayouter.firstCallStarted()
        try await queue.setNeedsLayout([2])
        relayouter.open()
        await #expect(throws: GatedRelayouterFailure.self) { try await queue.flush() }
        #expect(relayouter.calls == [[1]], "photo 2 was not laid out after the failure")
        try await queue.flush()
        try await queue.setNeedsLayout([7])
        try await queue.flush()
        #expect(relayouter.calls == [[1], [7]])
    }

    @Test(.timeLimit(.minutes(1)))
    func discardingKeepsThePassUnderWayAndDropsTheRest() async throws {
        let relayouter = GatedRelayouter()
        let queue = RelayoutQueue(relayouter: relayouter)
        try await queue.setNeedsLayout([1, 2])
        await relayouter.firstCallStarted()
        try await queue.setNeedsLayout([3])
        await queue.discardMarked()
        relayouter.open()
        try await queue.flush()
        #expect(relayouter.calls == [[1, 2]])
        #expect(await queue.total.relayouts == 2)
    }
}
