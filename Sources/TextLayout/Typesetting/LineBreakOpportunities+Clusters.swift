extension LineBreakOpportunities {
    /// `statuses` (``compute(_:)``'s, for `bytes`) with every break opportunity inside a grapheme
    /// cluster removed, for texts where UAX #14 revision 30 (libunibreak 1.1's, which
    /// ``UnicodeLineBreaks`` follows) allows one: after a ZWJ inside an emoji sequence ("👨‍👩‍👧")
    /// and before a skin-tone modifier ("👍🏽"), which later revisions forbid (LB8a, LB30b). An
    /// emoji sequence is then never split across lines. Other texts are returned as they are.
    static func keepingClustersWhole(_ statuses: [Int8], _ bytes: UnsafeBufferPointer<UInt8>) -> [Int8] {
        guard mayBreakInsideCluster(bytes) else { return statuses }
        var statuses = statuses
        var offset = 0
        for character in String(decoding: bytes, as: UTF8.self) {
            let length = character.utf8.count
            // No break after any byte but the cluster's last.
            for i in offset..<(offset + length - 1) where statuses[i] == allowBreak {
                statuses[i] = noBreak
            }
            offset += length
        }
        return statuses
    }

    /// Whether `bytes` hold a ZWJ (E2 80 8D) or a skin-tone modifier (U+1F3FB–U+1F3FF).
    private static func mayBreakInsideCluster(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count >= 3 else { return false }
        for i in 0..<(bytes.count - 2) where bytes[i] == 0xE2 || bytes[i] == 0xF0 {
            if bytes[i] == 0xE2 && bytes[i + 1] == 0x80 && bytes[i + 2] == 0x8D { return true }
            if bytes[i] == 0xF0 && i + 3 < bytes.count && bytes[i + 1] == 0x9F && bytes[i + 2] == 0x8F
                && (0xBB...0xBF).contains(bytes[i + 3]) { return true }
        }
        return false
    }
}
