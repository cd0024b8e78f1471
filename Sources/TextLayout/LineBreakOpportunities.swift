import CUnibreak

/// UAX #14 line-break opportunities: libunibreak's, computed by ``AsciiLineBreaks`` when the
/// text is all ASCII (the same statuses, several times faster) and by libunibreak otherwise.
///
/// `init_linebreak()` runs once per process, before the first query (a `static let` initialiser
/// is run exactly once even when several threads race to it). After that libunibreak's functions
/// only read constant tables, so concurrent calls are safe.
enum LineBreakOpportunities {
    /// Break status after a byte: a break is mandatory (after a newline, and at the end of the text).
    static let mustBreak = Int8(LINEBREAK_MUSTBREAK)
    /// A break is allowed after this byte.
    static let allowBreak = Int8(LINEBREAK_ALLOWBREAK)

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
        guard AsciiLineBreaks.isASCII(bytes) else { return computeWithLibunibreak(bytes) }
        return [Int8](unsafeUninitializedCapacity: bytes.count) { buffer, initialized in
            AsciiLineBreaks.compute(bytes, into: buffer)
            initialized = bytes.count
        }
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
