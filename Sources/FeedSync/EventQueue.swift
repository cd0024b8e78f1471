import HeapModule

/// Pending events ordered by (deadline, sequence): the earliest deadline first, and among equal
/// deadlines the one scheduled first — so a run is deterministic whatever the latencies.
public struct EventQueue<Payload: Sendable>: Sendable {
    private struct Entry: Comparable, Sendable {
        var deadline: Duration
        var sequence: UInt64
        var payload: Payload

        static func < (lhs: Entry, rhs: Entry) -> Bool {
            (lhs.deadline, lhs.sequence) < (rhs.deadline, rhs.sequence)
        }

        static func == (lhs: Entry, rhs: Entry) -> Bool {
            lhs.deadline == rhs.deadline && lhs.sequence == rhs.sequence
        }
    }

    private var heap = Heap<Entry>()
    private var nextSequence: UInt64 = 0

    public init() {}

    public var isEmpty: Bool { heap.isEmpty }
    public var count: Int { heap.count }

    /// The earliest deadline, if any.
    public var nextDeadline: Duration? { heap.min?.deadline }

    public mutating func schedule(_ payload: Payload, at deadline: Duration) {
        heap.insert(Entry(deadline: deadline, sequence: nextSequence, payload: payload))
        nextSequence += 1
    }

    /// Removes and returns the earliest event.
    public mutating func popNext() -> (deadline: Duration, payload: Payload)? {
        guard let entry = heap.popMin() else { return nil }
        return (entry.deadline, entry.payload)
    }
}
