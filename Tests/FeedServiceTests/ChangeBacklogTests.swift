@testable import FeedService
import FeedAPIModel
import FeedModel
import Testing

/// A subscriber's backlog: the latest change of each photo, sent in sequence order; a reset
/// once it holds more photos than its limit; a heartbeat only when there is nothing else.
@Suite struct ChangeBacklogTests {
    static func change(_ sequence: Int64, photo: Int64) -> CellChange {
        CellChange(sequence: sequence, photoID: photo, contentVersion: sequence, changedAt: 0)
    }

    static func frame(_ sequence: Int64, photo: Int64) -> ChangeFrame {
        ChangeFrame(.cell(sequence: sequence, photoID: photo, item: "{\"photoId\":\(photo),\"v\":\(sequence)}"))
    }

    @Test func aPhotosNewerChangeReplacesItsOlderOneInSequenceOrder() {
        var backlog = ChangeBacklog(limit: 10)
        backlog.add(Self.change(1, photo: 7), frame: Self.frame(1, photo: 7))
        backlog.add(Self.change(2, photo: 8), frame: nil)
        backlog.add(Self.change(3, photo: 7), frame: Self.frame(3, photo: 7))
        backlog.beat()

        #expect(backlog.take() == [.unrendered(Self.change(2, photo: 8)), .frame(Self.frame(3, photo: 7))])
        #expect(backlog.isEmpty)
        #expect(backlog.take() == [])
    }

    @Test func aHeartbeatGoesOnlyWhenNothingElseDoes() {
        var backlog = ChangeBacklog(limit: 10)
        backlog.beat()
        #expect(!backlog.isEmpty)
        #expect(backlog.take() == [.heartbeat])
        #expect(backlog.take() == [])
    }

    @Test func moreChangedPhotosThanTheLimitBecomeAResetThenWhatFollows() {
        var backlog = ChangeBacklog(limit: 3)
        for sequence in Int64(1)...4 { backlog.add(Self.change(sequence, photo: sequence), frame: nil) }
        backlog.add(Self.change(5, photo: 1), frame: Self.frame(5, photo: 1))

        #expect(backlog.take() == [.frame(ChangeFrame(.reset(sequence: 4))), .frame(Self.frame(5, photo: 1))])
    }

    @Test func aResetDropsWhatCameBeforeIt() {
        var backlog = ChangeBacklog(limit: 3)
        backlog.add(Self.change(1, photo: 1), frame: nil)
        backlog.resetAt(9)
        backlog.add(Self.change(10, photo: 2), frame: nil)
        #expect(backlog.take() == [.frame(ChangeFrame(.reset(sequence: 9))), .unrendered(Self.change(10, photo: 2))])
    }
}
