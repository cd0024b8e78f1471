import FeedAPIModel
import FeedModel
import Locking

/// One client of the change stream: its width and scale, the photos it follows (nil: all), its
/// ``ChangeBacklog``, and a signal that wakes its writer when the backlog has something. The hub adds to the backlog under the
/// subscriber's lock and never waits for the client; the writer takes the backlog and sends it.
final class ChangeSubscriber: Sendable {
    let group: ChangeGroup
    /// The photos whose changes the client wants (the cells it shows), or nil for every photo.
    let photos: Set<Int64>?
    private let backlog: Locked<ChangeBacklog>
    private let signal: AsyncStream<Void>.Continuation
    /// Yields once for each wake-up (several wake-ups before a read count as one); ends when the
    /// subscriber is finished.
    let wakeUps: AsyncStream<Void>

    init(group: ChangeGroup, photos: Set<Int64>? = nil, backlogLimit: Int = ChangeBacklog.defaultLimit) {
        self.group = group
        self.photos = photos
        backlog = Locked(ChangeBacklog(limit: backlogLimit))
        (wakeUps, signal) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Changes `body` makes to the backlog, then wakes the writer if the backlog holds something
    /// (a change that concerned none of the client's photos wakes nobody).
    func update(_ body: (inout ChangeBacklog) -> Void) {
        let holdsSomething = backlog.withLock { backlog in
            body(&backlog)
            return !backlog.isEmpty
        }
        if holdsSomething { signal.yield() }
    }

    /// Whether the client wants the changes of `photoID`.
    func follows(_ photoID: Int64) -> Bool {
        photos?.contains(photoID) ?? true
    }

    /// What the writer is to send now.
    func take() -> [ChangeBacklog.Item] {
        backlog.withLock { $0.take() }
    }

    /// Ends ``wakeUps``: the writer sends what it holds and ends the stream.
    func finish() {
        signal.finish()
    }
}

/// The width and scale a subscriber's cells are laid out at.
struct ChangeGroup: Hashable, Sendable {
    var width: Double
    var scale: Double
}
