@testable import FeedSync
import Testing

/// The layout-pass queue alone: marks coalesce while a pass runs, a failure surfaces once, and a
/// stopping run can drop what is marked.
@Suite struct RelayoutQueueTests {
    /// An image change of each photo (the queue only groups changes by photo).
    private func changes(_ photoIDs: Int64...) -> [ContentChange] {
        photoIDs.map { ContentChange(photoID: $0, contentVersion: 2, edit: .imageState(.loaded)) }
    }

    @Test(.timeLimit(.minutes(1)))
    func photosMarkedDuringAPassAreLaidOutOnceInTheNext() async throws {
        let relayouter = GatedRelayouter()
        let queue = RelayoutQueue(relayouter: relayouter)
        try await queue.setNeedsLayout(changes(3, 1))
        await relayouter.firstCallStarted()
        try await queue.setNeedsLayout(changes(2, 3))
        try await queue.setNeedsLayout(changes(5, 1, 2))
        relayouter.open()
        try await queue.flush()
        #expect(relayouter.calls == [[1, 3], [1, 2, 3, 5]])
        #expect(await queue.total == RelayoutSummary(relayouts: 6, heightChanges: 2))
        // Idle again: the next mark starts a pass of its own.
        try await queue.setNeedsLayout(changes(4))
        try await queue.flush()
        #expect(relayouter.calls.last == [4])
    }

    /// A pass hands each photo the changes that marked it, in commit order, however many
    /// marks they came in.
    @Test(.timeLimit(.minutes(1)))
    func aPassCarriesEachPhotosChangesInCommitOrder() async throws {
        let relayouter = GatedRelayouter()
        let queue = RelayoutQueue(relayouter: relayouter)
        try await queue.setNeedsLayout([ContentChange(photoID: 9, contentVersion: 4, edit: .imageState(.loaded))])
        await relayouter.firstCallStarted()
        let avatar = ContentChange(photoID: 2, contentVersion: 7, edit: .avatarState(.loaded))
        let image = ContentChange(photoID: 2, contentVersion: 8, edit: .imageState(.failed))
        let place = ContentChange(photoID: 1, contentVersion: 3,
                                  edit: .location(placeName: "Bern", country: "Switzerland", state: .resolved))
        try await queue.setNeedsLayout([avatar, place])
        try await queue.setNeedsLayout([image])
        relayouter.open()
        try await queue.flush()
        #expect(relayouter.markedCells.last == [MarkedCell(photoID: 1, changes: [place]),
                                                MarkedCell(photoID: 2, changes: [avatar, image])])
    }

    @Test(.timeLimit(.minutes(1)))
    func aFailedPassIsThrownOnceAndDropsWhatWasMarked() async throws {
        let relayouter = GatedRelayouter(failsOnCall: 1)
        let queue = RelayoutQueue(relayouter: relayouter)
        try await queue.setNeedsLayout(changes(1))
        await relayouter.firstCallStarted()
        try await queue.setNeedsLayout(changes(2))
        relayouter.open()
        await #expect(throws: GatedRelayouterFailure.self) { try await queue.flush() }
        #expect(relayouter.calls == [[1]], "photo 2 was not laid out after the failure")
        try await queue.flush()
        try await queue.setNeedsLayout(changes(7))
        try await queue.flush()
        #expect(relayouter.calls == [[1], [7]])
    }

    @Test(.timeLimit(.minutes(1)))
    func discardingKeepsThePassUnderWayAndDropsTheRest() async throws {
        let relayouter = GatedRelayouter()
        let queue = RelayoutQueue(relayouter: relayouter)
        try await queue.setNeedsLayout(changes(1, 2))
        await relayouter.firstCallStarted()
        try await queue.setNeedsLayout(changes(3))
        await queue.discardMarked()
        relayouter.open()
        try await queue.flush()
        #expect(relayouter.calls == [[1, 2]])
        #expect(await queue.total.relayouts == 2)
    }
}
