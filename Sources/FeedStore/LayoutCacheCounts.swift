import GRDB
import Locking

/// Layout cache hits and misses counted in memory: a read adds to them without a write
/// transaction, and the store's next layout write (or ``FeedStore/writeLayoutCacheCounts()``)
/// adds them to `layout_cache_stat` in its own transaction. Counts taken into a write that fails
/// go with it: statistics change only with the work they count.
///
/// One instance is shared by every copy of a ``FeedStore`` value; another store value opened on
/// the same file counts apart from it.
final class LayoutCacheCounts: Sendable {
    /// Hits and misses not written yet.
    struct Pending: Sendable, Equatable {
        var hits = 0
        var misses = 0
        var isEmpty: Bool { hits == 0 && misses == 0 }
    }

    private let pending = Locked(Pending())

    /// Adds a lookup's outcome.
    func add(hits: Int, misses: Int) {
        pending.withLock {
            $0.hits += hits
            $0.misses += misses
        }
    }

    /// Puts back counts that a write could not take (the database was busy).
    func restore(_ counts: Pending) {
        add(hits: counts.hits, misses: counts.misses)
    }

    /// What has not been written yet, without taking it (for the report).
    var unwritten: Pending { pending.withLock { $0 } }

    /// Takes everything not written yet; the caller writes it or restores it.
    func take() -> Pending {
        pending.withLock { counts in
            defer { counts = Pending() }
            return counts
        }
    }

    /// Adds `counts` to the stored counters, in the caller's transaction.
    static func write(_ counts: Pending, _ db: Database) throws {
        guard !counts.isEmpty else { return }
        try db.execute(sql: "UPDATE layout_cache_stat SET hits = hits + ?, misses = misses + ? WHERE id = 1",
                       arguments: [counts.hits, counts.misses])
    }
}
