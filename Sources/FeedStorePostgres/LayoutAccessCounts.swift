import Locking

/// Layout cache hits and misses counted in memory and written with the next layout write, so
/// that a page read writes nothing.
final class LayoutAccessCounts: Sendable {
    private let counts = Locked<(hits: Int, misses: Int)>((0, 0))

    func add(hits: Int, misses: Int) {
        counts.withLock { $0.hits += hits; $0.misses += misses }
    }

    /// The counts so far, reset to zero.
    func take() -> (hits: Int, misses: Int) {
        counts.withLock { counts in defer { counts = (0, 0) }; return counts }
    }

    /// Counts taken whose write failed, added back.
    func restore(_ taken: (hits: Int, misses: Int)) { add(hits: taken.hits, misses: taken.misses) }

    var unwritten: (hits: Int, misses: Int) { counts.withLock { $0 } }
}
