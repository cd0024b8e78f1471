import FeedAPIModel
import FeedModel

/// What one change-stream subscriber has yet to be sent: the latest change of each photo it has
/// not received, with the frame the hub rendered for it (nil: the subscriber renders it itself).
///
/// A photo's newer change replaces its older one, so a slow client is sent each photo once, at
/// its latest state, numbered with its latest change. The backlog holds at most ``limit`` photos:
/// past that, the client is too far behind to catch up cell by cell, and the backlog becomes a
/// reset at the newest change (the client refetches the feed) followed by what comes after.
struct ChangeBacklog {
    /// A change waiting to be sent.
    struct Pending: Hashable {
        var change: CellChange
        var frame: ChangeFrame?
    }

    /// What ``take()`` hands to the writer, in the order to send.
    enum Item: Hashable {
        case frame(ChangeFrame)
        case unrendered(CellChange)
        case heartbeat
    }

    static let defaultLimit = 4_096

    let limit: Int
    private var pending: [Int64: Pending] = [:]
    private var reset: ChangeFrame?
    private var heartbeatDue = false

    init(limit: Int = Self.defaultLimit) {
        precondition(limit > 0, "a backlog holds at least one photo")
        self.limit = limit
    }

    var isEmpty: Bool { pending.isEmpty && reset == nil && !heartbeatDue }

    /// Queues `change` (later in sequence than everything queued before), replacing the photo's
    /// older one.
    mutating func add(_ change: CellChange, frame: ChangeFrame?) {
        pending[change.photoID] = Pending(change: change, frame: frame)
        if pending.count > limit {
            pending.removeAll()
            reset = ChangeFrame(.reset(sequence: change.sequence))
        }
    }

    /// Queues a reset at `sequence`, dropping what was queued before it.
    mutating func resetAt(_ sequence: Int64) {
        pending.removeAll()
        reset = ChangeFrame(.reset(sequence: sequence))
    }

    /// Asks for a heartbeat, sent only when nothing else is.
    mutating func beat() {
        heartbeatDue = true
    }

    /// Everything queued, in sequence order, and an empty backlog.
    mutating func take() -> [Item] {
        var items = reset.map { [Item.frame($0)] } ?? []
        items += pending.values.sorted { $0.change.sequence < $1.change.sequence }.map { pending in
            pending.frame.map(Item.frame) ?? .unrendered(pending.change)
        }
        if items.isEmpty, heartbeatDue { items = [.heartbeat] }
        pending.removeAll(keepingCapacity: pending.count < 64)
        reset = nil
        heartbeatDue = false
        return items
    }
}
