import Testing
@testable import TextLayout

@Suite struct ByteHashTests {
    private func digest(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { ByteHash.digest($0) }
    }

    /// Lengths around the four-lane loop's edges (32 bytes per step, then 8-byte words, then a
    /// tail): changing any one byte changes the digest, so no position is skipped, whichever
    /// path reads it.
    @Test(arguments: [1, 7, 8, 15, 16, 31, 32, 33, 39, 40, 63, 64, 65, 100, 183])
    func everyByteChangesTheDigest(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let original = digest(bytes)
        for position in 0..<length {
            var changed = bytes
            changed[position] ^= 0x01
            #expect(digest(changed) != original, "byte \(position) of \(length)")
        }
    }

    /// Words swapped between two lanes, or between a lane and the words after the lanes, give
    /// another digest: the lanes are seeded apart and combined in order.
    @Test func swappingWordsChangesTheDigest() {
        let bytes = (0..<72).map { UInt8($0) }
        let original = digest(bytes)
        func swapped(_ a: Int, _ b: Int) -> [UInt8] {
            var result = bytes
            for k in 0..<8 { result.swapAt(a + k, b + k) }
            return result
        }
        #expect(digest(swapped(0, 8)) != original)
        #expect(digest(swapped(0, 32)) != original)
        #expect(digest(swapped(24, 64)) != original)
    }

    /// The same bytes give the same digest wherever they lie in memory (here one byte off the
    /// start of another buffer, so every word read is unaligned), and the length takes part
    /// (trailing zero bytes count).
    @Test func digestIsAFunctionOfTheBytesAndTheirLength() {
        let bytes = [UInt8](repeating: 0, count: 40)
        let shifted = ([0xFF] + bytes).withUnsafeBytes { ByteHash.digest(UnsafeRawBufferPointer(rebasing: $0.dropFirst())) }
        #expect(shifted == digest(bytes))
        #expect(digest(bytes) != digest(Array(bytes.prefix(39))))
        #expect(ByteHash.digest("a caption long enough to take all four lanes") ==
                digest(Array("a caption long enough to take all four lanes".utf8)))
    }
}
