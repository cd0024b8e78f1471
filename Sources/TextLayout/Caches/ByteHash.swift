/// A fast 64-bit digest of a byte string, for hashing texts in the measurement cache's key.
///
/// `Hasher` (SipHash-1-3) over a long caption would dominate a cache hit; this mixes eight bytes
/// per step (multiply–xorshift, as in MurmurHash3's finaliser) and the
/// result is fed to `Hasher` once, so dictionaries still get seeded hashing. From 32 bytes on,
/// four lanes mix every fourth word side by side: one lane's steps wait for each other (two
/// multiplies each), four lanes keep the multiplier busy. Shorter strings (words) take one
/// lane.
enum ByteHash {
    @inline(__always)
    static func digest(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let count = bytes.count
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(truncatingIfNeeded: count)
        var i = 0
        if count >= 32 {
            var lanes = (h, h ^ 0x243F_6A88_85A3_08D3, h ^ 0x1319_8A2E_0370_7344, h ^ 0xA409_3822_299F_31D0)
            while i + 32 <= count {
                lanes.0 = mix(lanes.0 ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                lanes.1 = mix(lanes.1 ^ bytes.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                lanes.2 = mix(lanes.2 ^ bytes.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
                lanes.3 = mix(lanes.3 ^ bytes.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
                i += 32
            }
            h = mix(mix(mix(lanes.0 ^ lanes.1) ^ lanes.2) ^ lanes.3)
        }
        while i + 8 <= count {
            h = mix(h ^ bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            i += 8
        }
        if i < count {
            var tail: UInt64 = 0
            var shift: UInt64 = 0
            while i < count {
                tail |= UInt64(bytes[i]) << shift
                shift += 8
                i += 1
            }
            h = mix(h ^ tail)
        }
        return mix(h)
    }

    @inline(__always)
    static func mix(_ value: UInt64) -> UInt64 {
        var x = value &* 0xFF51_AFD7_ED55_8CCD
        x ^= x >> 32
        x = x &* 0xC4CE_B9FE_1A85_EC53
        x ^= x >> 29
        return x
    }

    /// The digest of a string's UTF-8 bytes.
    @inline(__always)
    static func digest(_ string: String) -> UInt64 {
        if let result = string.utf8.withContiguousStorageIfAvailable({ digest(UnsafeRawBufferPointer($0)) }) {
            return result
        }
        return Array(string.utf8).withUnsafeBytes { digest($0) }
    }
}
