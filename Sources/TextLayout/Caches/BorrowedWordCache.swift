/// A ``WordShapeCache`` reached without a counted reference: what shaping code passes around.
///
/// Every thread shapes through the same cache, and Swift retains a class reference that code
/// binds, captures or loads from a field, however briefly; each retain and release writes the
/// cache's reference count, pulling its cache line over from the other core. The measurer that
/// hands this out keeps the cache alive, as it keeps its fonts alive for ``UnretainedFonts``.
///
/// Not a cache itself: a handle on ``WordShapeCache`` that forwards to it.
///
/// `@unchecked Sendable`: the cache is `Sendable`; `Unmanaged` only leaves out the counting.
struct BorrowedWordCache: @unchecked Sendable {
    private let cache: Unmanaged<WordShapeCache>
    /// The cache's ``WordShapeCache/id``, copied so that per-thread caches check it in place.
    let id: UInt64

    /// Borrows `cache`; the caller keeps it alive while this is used.
    init(_ cache: WordShapeCache) {
        self.cache = .passUnretained(cache)
        id = cache.id
    }

    /// ``WordShapeCache/copyWord(for:advances:flags:counting:)``.
    @inline(__always)
    func copyWord(for key: WordKey, advances: UnsafeMutablePointer<Int32>, flags: UnsafeMutablePointer<UInt8>,
                  counting: Bool = true) -> Bool {
        cache._withUnsafeGuaranteedRef { $0.copyWord(for: key, advances: advances, flags: flags, counting: counting) }
    }

    /// ``WordShapeCache/store(_:advances:flags:)``.
    @inline(__always)
    func store(_ key: WordKey, advances: UnsafePointer<Int32>, flags: UnsafePointer<UInt8>) {
        cache._withUnsafeGuaranteedRef { $0.store(key, advances: advances, flags: flags) }
    }

    /// ``WordShapeCache/countHits(_:shardHint:)``.
    func countHits(_ count: Int, shardHint: Int) {
        cache._withUnsafeGuaranteedRef { $0.countHits(count, shardHint: shardHint) }
    }
}
