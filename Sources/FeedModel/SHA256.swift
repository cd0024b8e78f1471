/// SHA-256 (FIPS 180-4) of a byte sequence, as lowercase hex.
///
/// Foundation on Linux has no CryptoKit, and a migration checksum is the only digest the store
/// needs besides the cell layer's layout fingerprints, so this small, dependency-free
/// implementation stands in. Not constant-time; it is never used for secrets.
public enum SHA256 {
    public static func hexDigest(_ bytes: [UInt8]) -> String {
        digest(bytes).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
    }

    public static func digest(_ input: [UInt8]) -> [UInt8] {
        input.withUnsafeBytes { digest($0) }
    }

    /// The digest of `input`: whole blocks are read in place, and only the last one or two
    /// (with the padding and the bit length) are copied, into a buffer on the stack.
    private static func digest(_ input: UnsafeRawBufferPointer) -> [UInt8] {
        var state = State()
        let whole = input.count / 64 * 64
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
            var offset = 0
            while offset < whole {
                state.compress(UnsafeRawBufferPointer(rebasing: input[offset ..< offset + 64]), schedule: schedule)
                offset += 64
            }
            // The tail, 0x80, zeros, then the length in bits, big-endian: one block, or two when
            // the tail leaves fewer than 9 bytes free.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 128) { last in
                let tail = input.count - whole
                let blocks = tail + 9 <= 64 ? 1 : 2
                let padded = UnsafeMutableRawBufferPointer(
                    rebasing: UnsafeMutableRawBufferPointer(last)[0 ..< blocks * 64])
                padded.initializeMemory(as: UInt8.self, repeating: 0)
                if tail > 0 { padded.copyMemory(from: UnsafeRawBufferPointer(rebasing: input[whole...])) }
                padded[tail] = 0x80
                padded.storeBytes(of: (UInt64(input.count) &* 8).bigEndian, toByteOffset: padded.count - 8,
                                  as: UInt64.self)
                for block in 0 ..< blocks {
                    state.compress(UnsafeRawBufferPointer(rebasing: padded[block * 64 ..< block * 64 + 64]),
                                   schedule: schedule)
                }
            }
        }
        return state.bytes
    }

    /// The eight working words of the hash, from their initial values.
    private struct State {
        var h0: UInt32 = 0x6a09_e667, h1: UInt32 = 0xbb67_ae85, h2: UInt32 = 0x3c6e_f372, h3: UInt32 = 0xa54f_f53a
        var h4: UInt32 = 0x510e_527f, h5: UInt32 = 0x9b05_688c, h6: UInt32 = 0x1f83_d9ab, h7: UInt32 = 0x5be0_cd19

        /// Folds one 64-byte block in; `schedule` is room for the 64 words of its message schedule.
        mutating func compress(_ block: UnsafeRawBufferPointer, schedule words: UnsafeMutableBufferPointer<UInt32>) {
            for index in 0 ..< 16 {
                words[index] = UInt32(bigEndian: block.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self))
            }
            for index in 16 ..< 64 {
                let w15 = words[index - 15], w2 = words[index - 2]
                let s0 = rotr(w15, 7) ^ rotr(w15, 18) ^ (w15 >> 3)
                let s1 = rotr(w2, 17) ^ rotr(w2, 19) ^ (w2 >> 10)
                words[index] = words[index - 16] &+ s0 &+ words[index - 7] &+ s1
            }
            var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
            SHA256.roundConstants.withUnsafeBufferPointer { constants in
                for index in 0 ..< 64 {
                    let s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)
                    let choice = (e & f) ^ (~e & g)
                    let t1 = h &+ s1 &+ choice &+ constants[index] &+ words[index]
                    let s0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)
                    let majority = (a & b) ^ (a & c) ^ (b & c)
                    let t2 = s0 &+ majority
                    (h, g, f, e, d, c, b, a) = (g, f, e, d &+ t1, c, b, a, t1 &+ t2)
                }
            }
            h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
        }

        @inline(__always)
        private func rotr(_ value: UInt32, _ count: UInt32) -> UInt32 { value >> count | value << (32 - count) }

        /// The digest: the words, big-endian.
        var bytes: [UInt8] {
            [UInt8](unsafeUninitializedCapacity: 32) { buffer, count in
                for (index, word) in [h0, h1, h2, h3, h4, h5, h6, h7].enumerated() {
                    UnsafeMutableRawBufferPointer(buffer).storeBytes(of: word.bigEndian, toByteOffset: index * 4,
                                                                     as: UInt32.self)
                }
                count = 32
            }
        }
    }


    private static let roundConstants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}
