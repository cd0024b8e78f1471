/// A word's identity in the ``WordShapeCache``: its UTF-8 bytes (at most
/// ``WordShapeCache/maximumWordLength``), the face and the script it was shaped with.
///
/// The bytes are stored inline (eight words, zero-padded), so building a key for a lookup
/// allocates nothing and a key holds no reference: copying, hashing and comparing it never
/// touches a reference count. The digest is computed once; the dictionary buckets by it directly
/// (`_rawHashValue(seed:)`) instead of running SipHash per probe.
struct WordKey: Hashable, Sendable {
    typealias Bytes = (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

    private var bytes: Bytes = (0, 0, 0, 0, 0, 0, 0, 0)
    /// The word's length in bytes.
    let count: Int32
    let script: UInt32
    let weight: FontWeight
    let digest: UInt64

    /// The key of `word` (at most 64 bytes).
    init(_ word: UnsafeBufferPointer<UInt8>, weight: FontWeight, script: UInt32) {
        precondition(word.count <= MemoryLayout<Bytes>.size, "a cached word has at most 64 bytes")
        count = Int32(word.count)
        self.weight = weight
        self.script = script
        withUnsafeMutableBytes(of: &bytes) { storage in
            storage.copyMemory(from: UnsafeRawBufferPointer(word))
        }
        digest = ByteHash.digest(UnsafeRawBufferPointer(word)) ^ UInt64(script) &* 31 ^ (weight == .bold ? 1 : 0)
    }

    static func == (lhs: WordKey, rhs: WordKey) -> Bool {
        lhs.digest == rhs.digest && lhs.count == rhs.count && lhs.script == rhs.script && lhs.weight == rhs.weight
            && lhs.bytes.0 == rhs.bytes.0 && lhs.bytes.1 == rhs.bytes.1 && lhs.bytes.2 == rhs.bytes.2
            && lhs.bytes.3 == rhs.bytes.3 && lhs.bytes.4 == rhs.bytes.4 && lhs.bytes.5 == rhs.bytes.5
            && lhs.bytes.6 == rhs.bytes.6 && lhs.bytes.7 == rhs.bytes.7
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(digest)
    }

    @inline(__always)
    func _rawHashValue(seed: Int) -> Int {
        Int(truncatingIfNeeded: ByteHash.mix(digest ^ UInt64(UInt(bitPattern: seed))))
    }
}
