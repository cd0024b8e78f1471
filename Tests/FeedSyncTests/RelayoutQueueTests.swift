import FeedModel
@testable import FeedSync
import LayoutTestSupport
import Testing

/// The layout-pass queue alone: one pass per batch, read while the pass before it may still run
/// and started once that one has finished; a failure surfaces once, and a cancelled caller
/// starts no pass.
///
/// A deadlock fails at the tests' time limit, which leaves room for a whole `bin/test` on two
/// cores: there the synchronous tests can hold both cooperative threads for over a minute, and a
/// test that waits on a gate only resumes after them (alone these tests take milliseconds).
@Suite struct RelayoutQueueTests {
    /// An image change of each photo (the queue only groups changes by photo).
    private func changes(_ photoIDs: Int64...) -> [ContentChange] {
        photoIDs.map { ContentChange(photoID: $0, contentVersion: 2, edit: .imageState(.loaded)) }
    }

    @Test(.timeLimit(minutes: 5))
    func eachBatchIsOnePassReadAtOnceAndStartedAfterThePassBeforeIt() async throws {
        let relayouter = GatedRelayouter()
        let queue = RelayoutQueue(relayouter: relayouter)
        try await queue.setNeedsLayout(changes(3, 1, 3))
        await relayouter.firstCallStarted()
        #expect(relayouter.events == ["read 1", "run 1"], "the call returned while its pass runs")
        let second = Task { try await queue.setNeedsLayout(changes(2, 3)) }
        await relayouter.callRead(2)
        #expect(relayouter.events == ["read 1", "run 1", "read 2"], "read while pass 1 is held, not started")
        relayouter.open()
        try await second.value
        try await queue.setNeedsLayout(changes(5))
        try await queue.flush()
        #expect(relayouter.calls == [[1, 3], [2, 3], [5]])
        let events = relayouter.events
        #expect(Array(events.prefix(4)) == ["read 1", "run 1", "read 2", "ran 1"])
        for pass in 2 ... 3 {
            let started = try #require(events.firstIndex(of: "run \(pass)"))
            #expect(events.firstIndex(of: "ran \(pass - 1)")! < started, "pass \(pass) started after pass \(pass - 1)")
            #expect(events.firstIndex(of: "read \(pass)")! < started)
        }
        #expect(await queue.total == RelayoutSummary(relayouts: 5, heightChanges: 3))
        try await queue.flush()
        #expect(await queue.total.relayouts == 5, "flushing an idle queue adds nothing")
    }

    /// A pass hands each photo the changes of its batch that marked it, in commit order.
    @Test(.timeLimit(minutes: 5))
    func aPassCarriesEachPhotosChangesInCommitOrder() async throws {
        let relayouter = GatedRelayouter()
        let queue = RelayoutQueue(relayouter: relayouter)
        try await queue.setNeedsLayout([ContentChange(photoID: 9, contentVersion: 4, edit: .imageState(.loaded))])
        let avatar = ContentChange(photoID: 2, contentVersion: 7, edit: .avatarState(.loaded))
        let image = ContentChange(photoID: 2, contentVersion: 8, edit: .imageState(.failed))
        let place = ContentChange(photoID: 1, contentVersion: 3,
                                  edit: .location(placeName: "Bern", country: "Switzerland", state: .resolved))
        relayouter.open()
        try await queue.setNeedsLayout([avatar, place, image])
        try await queue.flush()
        #expect(relayouter.markedCells.last == [MarkedCell(photoID: 1, changes: [place]),
                                                MarkedCell(photoID: 2, changes: [avatar, image])])
    }

    @Test(.timeLimit(minutes: 5))
    func aFailedPassIsThrownOnceAndTheBatchReadMeanwhileIsNotLaidOut() async throws {
        let relayouter = GatedRelayouter(failsOnCall: 1)
        let queue = RelayoutQueue(relayouter: relayouter)
        try await queue.setNeedsLayout(changes(1))
        relayouter.open()
        await #expect(throws: GatedRelayouterFailure.self) { try await queue.setNeedsLayout(changes(2)) }
        try await queue.flush()
        try await queue.setNeedsLayout(changes(7))
        try await queue.flush()
        #expect(relayouter.calls == [[1], [2], [7]])
        #expect(!relayouter.events.contains("run 2"), "photo 2 was read, never laid out")
        #expect(await queue.total.relayouts == 1)
    }

    @Test(.timeLimit(minutes: 5))
    func aCancelledCallerWaitsForThePassUnderWayAndStartsNone() async throws {
        let relayouter = GatedRelayouter()
        let queue = RelayoutQueue(relayouter: relayouter)
        try await queue.setNeedsLayout(changes(1, 2))
        await relayouter.firstCallStarted()
        let stopping = Task { try await queue.setNeedsLayout(changes(3)) }
        stopping.cancel()
        relayouter.open()
        try await stopping.value
        try await queue.flush()
        #expect(relayouter.calls == [[1, 2]])
        #expect(await queue.total.relayouts == 2)
    }
}
