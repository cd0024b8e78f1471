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
/// Storage is built so that a hit neither allocates nor touches a shared reference count: keys
/// hold their bytes inline (``WordKey``), and each shard keeps the words' advances and flags in
/// two flat arrays (one per generation) with the dictionary mapping a key to an offset; a hit
/// copies the word's values out under the shard's lock. Bounded and sharded like
/// ``GenerationalCache``: when a shard's current generation holds half the shard's capacity it
/// becomes the previous one (the old previous one and its arrays are dropped); a hit in the
/// previous generation copies the word into the current one.
public final class WordShapeCache: Sendable {
    private let shards: CacheShards<Shard>
    private let shardCapacity: Int
    /// A process-unique number naming this cache in the threads' ``ThreadWordCache``s.
    let id: UInt64

    /// Words longer than this many bytes are shaped every time (URLs, unspaced CJK runs).
    static let maximumWordLength = 64

    private struct Generation: Sendable {
        var offsets: [WordKey: Int32] = [:]
        var advances: [Int32] = []
        var flags: [UInt8] = []

        mutating func append(_ key: WordKey, advances: UnsafePointer<Int32>, flags: UnsafePointer<UInt8>) {
            let count = Int(key.count)
            offsets[key] = Int32(self.advances.count)
            self.advances.append(contentsOf: UnsafeBufferPointer(start: advances, count: count))
            self.flags.append(contentsOf: UnsafeBufferPointer(start: flags, count: count))
        }

        func copy(at offset: Int32, count: Int32, advances: UnsafeMutablePointer<Int32>,
                  flags: UnsafeMutablePointer<UInt8>) {
            self.advances.withUnsafeBufferPointer {
                advances.update(from: $0.baseAddress! + Int(offset), count: Int(count))
            }
            self.flags.withUnsafeBufferPointer {
                flags.update(from: $0.baseAddress! + Int(offset), count: Int(count))
            }
        }
    }

    private struct Shard: Sendable {
        var current = Generation()
        var previous = Generation()
        var hits = 0
        var misses = 0
    }

    public init(capacity: Int = 65_536, shardCount: Int = 8) {
        let shardCount = max(1, shardCount)
        shardCapacity = max(16, capacity / shardCount)
        shards = CacheShards(count: shardCount) { Shard() }
        id = ProcessUniqueID.next()
    }

    /// Counts hits answered by a thread's ``ThreadWordCache``, in the shard `shardHint` picks
    /// (each thread names its own, so threads flushing at once take different locks).
    func countHits(_ count: Int, shardHint: Int) {
        shards.withShard(shards.index(for: UInt64(UInt(bitPattern: shardHint)))) { $0.hits += count }
    }

    /// This cache, borrowed for shaping (see ``BorrowedWordCache``).
    var borrowed: BorrowedWordCache { BorrowedWordCache(self) }

    /// Copies the word stored under `key` into `advances` and `flags` (`key.count` values each)
    /// and returns true, or returns false; hits and misses are counted when `counting` (lookups
    /// that don't shape the text, such as line-width checks, pass false).
    func copyWord(for key: WordKey, advances: UnsafeMutablePointer<Int32>, flags: UnsafeMutablePointer<UInt8>,
                  counting: Bool = true) -> Bool {
        shards.withShard(shards.index(for: key.digest)) { shard in
            let count = counting ? 1 : 0
            if let offset = shard.current.offsets[key] {
                shard.current.copy(at: offset, count: key.count, advances: advances, flags: flags)
                shard.hits += count
                return true
            }
            if let offset = shard.previous.offsets.removeValue(forKey: key) {
                shard.previous.copy(at: offset, count: key.count, advances: advances, flags: flags)
                shard.hits += count
                insert(key, advances: advances, flags: flags, into: &shard)
                return true
            }
            shard.misses += count
            return false
        }
    }

    /// Stores a word's `key.count` advances and flags.
    func store(_ key: WordKey, advances: UnsafePointer<Int32>, flags: UnsafePointer<UInt8>) {
        shards.withShard(shards.index(for: key.digest)) { insert(key, advances: advances, flags: flags, into: &$0) }
    }

    private func insert(_ key: WordKey, advances: UnsafePointer<Int32>, flags: UnsafePointer<UInt8>,
                        into shard: inout Shard) {
        if shard.current.offsets[key] != nil { return }  // another thread shaped it meanwhile
        if shard.current.offsets.count >= shardCapacity / 2 {
            let reserved = shard.current.advances.count
            shard.previous = shard.current
            shard.current = Generation()
            shard.current.offsets.reserveCapacity(shardCapacity / 2)
            shard.current.advances.reserveCapacity(reserved)
            shard.current.flags.reserveCapacity(reserved)
        }
        shard.current.append(key, advances: advances, flags: flags)
    }

    /// Hits, misses and stored words so far.
    public var statistics: TextLayoutCacheStatistics {
        (0..<shards.count).reduce(into: TextLayoutCacheStatistics()) { total, index in
            shards.withShard(index) { shard in
                total.hits += shard.hits
                total.misses += shard.misses
                total.count += shard.current.offsets.count + shard.previous.offsets.count
            }
        }
    }
}
