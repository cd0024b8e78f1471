/// Shaped words, reused across measurements (the word cache browsers keep).
///
/// A paragraph is shaped as the concatenation of its space-separated words (each with its
/// trailing spaces) only when the face's space glyph is context-free
/// (``FontFace/spaceIsContextFree(for:)``): then no substitution, kerning or context rule can reach
/// across a space, so shaping the pieces gives exactly the glyphs and advances of shaping the
/// whole. A word is stored once per (bytes, weight, script) in font units, independent of size:
/// per byte of the word, the advance of the cluster starting there and its flags (bit 0 cluster
/// start, bit 1 unsafe to break), as ``ShapedText`` keeps them.
///
/// A ``GenerationalCache`` of ``WordShapes``, sharded by the word's digest. A hit neither
/// allocates nor touches a shared reference count: keys hold their bytes inline (``WordKey``),
/// and a hit copies the word's values out under the shard's lock.
public final class WordShapeCache: Sendable {
    private let storage: GenerationalCache<WordShapes>
    /// A process-unique number naming this cache in the threads' ``ThreadWordCache``s.
    let id: UInt64

    /// Words longer than this many bytes are shaped every time (URLs, unspaced CJK runs).
    static let maximumWordLength = 64

    public init(capacity: Int = 65_536, shardCount: Int = 8) {
        storage = GenerationalCache(capacity: capacity, shardCount: shardCount)
        id = ProcessUniqueID.next()
    }

    /// Counts hits answered by a thread's ``ThreadWordCache``, in the shard `shardHint` picks
    /// (each thread names its own, so threads flushing at once take different locks).
    func countHits(_ count: Int, shardHint: Int) {
        storage.countHits(count, shard: storage.shard(for: UInt64(UInt(bitPattern: shardHint))))
    }

    /// This cache, borrowed for shaping (see ``BorrowedWordCache``).
    var borrowed: BorrowedWordCache { BorrowedWordCache(self) }

    /// Copies the word stored under `key` into `advances` and `flags` (`key.count` values each)
    /// and returns true, or returns false; hits and misses are counted when `counting` (lookups
    /// that don't shape the text, such as line-width checks, pass false).
    func copyWord(for key: WordKey, advances: UnsafeMutablePointer<Int32>, flags: UnsafeMutablePointer<UInt8>,
                  counting: Bool = true) -> Bool {
        storage.value(for: key, shard: storage.shard(for: key.digest), counting: counting) { words, position in
            words.copy(at: position, count: key.count, advances: advances, flags: flags)
            return true
        } ?? false
    }

    /// Stores a word's `key.count` advances and flags.
    func store(_ key: WordKey, advances: UnsafePointer<Int32>, flags: UnsafePointer<UInt8>) {
        storage.store(WordShapes.Shape(advances: advances, flags: flags), for: key, shard: storage.shard(for: key.digest))
    }

    /// Hits, misses and stored words so far.
    public var statistics: TextLayoutCacheStatistics { storage.statistics }
}
