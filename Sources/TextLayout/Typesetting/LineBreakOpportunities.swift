import CUnibreak

/// UAX #14 line-break opportunities: libunibreak's, computed by ``AsciiLineBreaks`` when the
/// text is all ASCII and by ``UnicodeLineBreaks`` when its classes allow (the same statuses,
/// without libunibreak's per-character decoding and table search), by libunibreak otherwise.
///
/// `init_linebreak()` runs once per process, before the first query (a `static let` initialiser
/// is run exactly once even when several threads race to it). After that libunibreak's functions
/// only read constant tables, so concurrent calls are safe.
enum LineBreakOpportunities {
    /// Break status after a byte: a break is mandatory (after a newline, and at the end of the text).
    static let mustBreak = Int8(LINEBREAK_MUSTBREAK)
    /// A break is allowed after this byte.
    static let allowBreak = Int8(LINEBREAK_ALLOWBREAK)
    /// No break after this byte.
    static let noBreak = Int8(LINEBREAK_NOBREAK)

    /// The first break opportunity after offset `i` in `statuses` (one per byte, as ``compute(_:)``
    /// gives them): at the latest the end of the text, which is always a mandatory break.
    @inline(__always)
    static func next<Statuses: RandomAccessCollection>(after i: Int, in statuses: Statuses) -> Int
    where Statuses.Element == Int8, Statuses.Index == Int {
        var p = i + 1
        while p < statuses.count {
            let status = statuses[p - 1]
            if status == mustBreak || status == allowBreak { return p }
            p += 1
        }
        return statuses.count
    }

    private static let initialized: Bool = {
        init_linebreak()
        return true
    }()

    /// One status per UTF-8 byte: the status of the position *after* that byte
    /// (`LINEBREAK_INSIDEACHAR` for bytes that don't end a character).
    static func compute(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int8] {
        guard bytes.count > 0 else { return [] }
        if AsciiLineBreaks.isASCII(bytes) {
            return [Int8](unsafeUninitializedCapacity: bytes.count) { buffer, initialized in
                AsciiLineBreaks.compute(bytes, into: buffer)
                initialized = bytes.count
            }
        }
        var statuses = [Int8](repeating: 0, count: bytes.count)
        let computed = statuses.withUnsafeMutableBufferPointer { UnicodeLineBreaks.compute(bytes, into: $0) }
        return computed ? statuses : computeWithLibunibreakSparingFlags(bytes)
    }

    /// libunibreak's statuses for a text that may hold regional indicators (U+1F1E6–U+1F1FF, the
    /// letters of flags), which libunibreak 1.1 does not know: it fails an assertion on them. It is
    /// handed each as U+20000, an ideograph of the same UTF-8 length, and no break is allowed
    /// between two consecutive ones (LB30a). Only texts ``UnicodeLineBreaks`` leaves to libunibreak
    /// come here, those with a flag and a rarer class (glue, Hangul…).
    static func computeWithLibunibreakSparingFlags(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int8] {
        func isRegionalIndicator(at i: Int) -> Bool {
            i + 3 < bytes.count && bytes[i] == 0xF0 && bytes[i + 1] == 0x9F && bytes[i + 2] == 0x87
                && (0xA6...0xBF).contains(bytes[i + 3])
        }
        guard (0..<bytes.count).contains(where: isRegionalIndicator) else { return computeWithLibunibreak(bytes) }
        var substituted = Array(bytes)
        var flags: [Int] = []
        for i in 0..<bytes.count where isRegionalIndicator(at: i) {
            substituted.replaceSubrange(i..<i + 4, with: [0xF0, 0xA0, 0x80, 0x80])
            flags.append(i)
        }
        var statuses = substituted.withUnsafeBufferPointer { computeWithLibunibreak($0) }
        for (first, second) in zip(flags, flags.dropFirst()) where second == first + 4 {
            statuses[first + 3] = Int8(LINEBREAK_NOBREAK)
        }
        return statuses
    }

    /// libunibreak's statuses, whatever the text (the reference ``AsciiLineBreaks`` is tested against).
    static func computeWithLibunibreak(_ bytes: UnsafeBufferPointer<UInt8>) -> [Int8] {
        precondition(initialized)
        guard let base = bytes.baseAddress, bytes.count > 0 else { return [] }
        return [Int8](unsafeUninitializedCapacity: bytes.count) { buffer, initialized in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { out in
                set_linebreaks_utf8(base, bytes.count, nil, out)
            }
            initialized = bytes.count
        }
    }
}
