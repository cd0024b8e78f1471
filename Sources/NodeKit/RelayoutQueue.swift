import Synchronization

/// The cells of a ``DataController`` waiting to be re-measured; it is their interaction
/// delegate, so a cell whose layout pass wants a new size (§5.4) lands here from any thread.
///
/// `@unchecked Sendable`: the queue lives in a Mutex.
final class RelayoutQueue: CellNodeInteractionDelegate, @unchecked Sendable {
    private let cells = Mutex<[ObjectIdentifier: CellNode]>([:])

    func nodeDidInvalidateSize(_ node: CellNode) {
        cells.withLock { $0[ObjectIdentifier(node)] = node }
    }

    func remove(_ node: CellNode) {
        _ = cells.withLock { $0.removeValue(forKey: ObjectIdentifier(node)) }
    }

    func removeAll() { cells.withLock { $0 = [:] } }

    /// Returns the queued cells by identity and empties the queue (the dictionary itself: copying
    /// its keys into a set would hash every queued cell once more on the calling thread).
    func drain() -> [ObjectIdentifier: CellNode] {
        cells.withLock { cells in
            defer { cells = [:] }
            return cells
        }
    }

    var isEmpty: Bool { cells.withLock { $0.isEmpty } }
}
