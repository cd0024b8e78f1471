import Locking

/// A small per-thread cache of short shaped words in front of the shared ``WordShapeCache``.
///
/// On two cores the same common words ("the ", "a ") are looked up by both threads many times
/// per cell; every shared lookup takes a shard's mutex, and the mutex's cache line then bounces
/// between the cores. A word found here costs no lock and no shared write. Entries are tagged with
/// the shared cache's ``WordShapeCache/id``, so one measurer never sees another's words (whose
/// fonts may differ). The values for a key never change (shaping is deterministic), so an entry
/// stays right for as long as its cache exists. Hits found here are added to the shared cache's
/// hit count once per text (``flushHits(to:)``), so its statistics stay exact. Pending hits are
/// tagged with their cache too: a caller that shapes words without flushing (a test driving
/// `ShapedText.sumWordAdvances` directly) loses its own hits but can never add them to another
/// cache's count.
///
/// Direct-mapped, 512 words of at most 16 bytes. Not thread-safe by design: each thread reaches
/// only its own instance, through ``current``.
///
/// Why not a ``GenerationalCache``: a hit here must take no lock and write nothing shared, and a
/// slot that a new word overwrites needs no eviction order; the flat slots hold each word's
/// values in place, so a lookup is one digest, one key comparison and two copies.
final class ThreadWordCache {
    static let slotCount = 512
    static let maximumWordLength = 16

    private let keys: UnsafeMutablePointer<WordKey?>
    private let owners: UnsafeMutablePointer<UInt64>
    private let advances: UnsafeMutablePointer<Int32>
    private let flags: UnsafeMutablePointer<UInt8>
    private var pendingHits = 0
    /// The ``WordShapeCache/id`` that ``pendingHits`` were found for.
    private var pendingOwner: UInt64 = 0
    /// Which shard of a shared cache this thread's hits are counted in (threads differ).
    private let shardHint = Int(truncatingIfNeeded: ProcessUniqueID.next())

    private init() {
        keys = .allocate(capacity: Self.slotCount)
        keys.initialize(repeating: nil, count: Self.slotCount)
        owners = .allocate(capacity: Self.slotCount)
        owners.initialize(repeating: 0, count: Self.slotCount)
        advances = .allocate(capacity: Self.slotCount * Self.maximumWordLength)
        flags = .allocate(capacity: Self.slotCount * Self.maximumWordLength)
    }

    deinit {
        keys.deinitialize(count: Self.slotCount)
        keys.deallocate()
        owners.deallocate()
        advances.deallocate()
        flags.deallocate()
    }

    /// Copies the word stored for `key` by `cache` into `advances` and `flags`; false when absent.
    @inline(__always)
    func copyWord(for key: WordKey, of cache: BorrowedWordCache, advances: UnsafeMutablePointer<Int32>,
                  flags: UnsafeMutablePointer<UInt8>) -> Bool {
        let slot = Int(truncatingIfNeeded: key.digest) & (Self.slotCount - 1)
        guard owners[slot] == cache.id, keys[slot] == key else { return false }
        let base = slot * Self.maximumWordLength
        advances.update(from: self.advances + base, count: Int(key.count))
        flags.update(from: self.flags + base, count: Int(key.count))
        if pendingOwner != cache.id {
            pendingOwner = cache.id
            pendingHits = 0
        }
        pendingHits += 1
        return true
    }

    /// Remembers a word of `cache` (at most ``maximumWordLength`` bytes), replacing the slot's word.
    @inline(__always)
    func store(_ key: WordKey, of cache: BorrowedWordCache, advances: UnsafePointer<Int32>, flags: UnsafePointer<UInt8>) {
        let slot = Int(truncatingIfNeeded: key.digest) & (Self.slotCount - 1)
        keys[slot] = key
        owners[slot] = cache.id
        let base = slot * Self.maximumWordLength
        (self.advances + base).update(from: advances, count: Int(key.count))
        (self.flags + base).update(from: flags, count: Int(key.count))
    }

    /// Adds the hits found here for `cache` since the last flush to its statistics.
    func flushHits(to cache: BorrowedWordCache) {
        guard pendingHits > 0, pendingOwner == cache.id else { return }
        cache.countHits(pendingHits, shardHint: shardHint)
        pendingHits = 0
    }

    private static let perThread = PerThread { ThreadWordCache() }

    /// The calling thread's instance, created on first use and released when the thread exits.
    static var current: ThreadWordCache { perThread.current }

    /// Runs `body` with the calling thread's instance, not retained for it (see ``PerThread``).
    @inline(__always)
    static func withCurrent<Result>(_ body: (ThreadWordCache) -> Result) -> Result { perThread.withCurrent(body) }
}
