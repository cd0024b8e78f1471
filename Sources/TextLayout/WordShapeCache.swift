/// Shaped words, reused across measurements (the word cache browsers keep).
///
/// A paragraph is shaped as the concatenation of its space-separated words (each with its
/// trailing spaces) only when the face's space glyph is context-free
/// (``FontFace/spaceIsContextFree(for:)``): then no substitution, kerning or context rule can reach
/// across a space, so shaping the pieces gives exactly the glyphs and advances of shaping the
/// whole. A word is stored once per (bytes, weight, script) in font units, independent of size.
///
/// Bounded like ``TextLayoutCache`` (a ``GenerationalCache``).
public final class WordShapeCache: Sendable {
    private let storage: GenerationalCache<WordKey, ShapedWord>

    /// Words longer than this many bytes are shaped every time (URLs, unspaced CJK runs).
    static let maximumWordLength = 64

    public init(capacity: Int = 65_536, shardCount: Int = 8) {
        storage = GenerationalCache(capacity: capacity, shardCount: shardCount)
    }

    func word(for key: WordKey) -> ShapedWord? {
        storage.value(for: key, shardHash: key.digest)
    }

    func store(_ word: ShapedWord, for key: WordKey) {
        storage.store(word, for: key, shardHash: key.digest)
    }

    /// Hits, misses and stored words so far.
    public var statistics: TextLayoutCacheStatistics { storage.statistics }
}

/// A word's identity: its UTF-8 bytes, the face and the script it was shaped with.
struct WordKey: Hashable, Sendable {
    let bytes: [UInt8]
    let weight: FontWeight
    let script: UInt32
    let digest: UInt64

    init(_ bytes: UnsafeBufferPointer<UInt8>, weight: FontWeight, script: UInt32) {
        self.bytes = Array(bytes)
        self.weight = weight
        self.script = script
        digest = ByteHash.digest(UnsafeRawBufferPointer(bytes)) ^ UInt64(script) &* 31 ^ (weight == .bold ? 1 : 0)
    }

    static func == (lhs: WordKey, rhs: WordKey) -> Bool {
        lhs.digest == rhs.digest && lhs.script == rhs.script && lhs.weight == rhs.weight && lhs.bytes == rhs.bytes
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }
}

/// A word shaped alone: per byte of the word, the advance (font units) of the cluster starting
/// there and its flags (bit 0 cluster start, bit 1 unsafe to break), as ``ShapedText`` keeps them.
struct ShapedWord: Sendable {
    var advances: [Int32]
    var flags: [UInt8]
}
