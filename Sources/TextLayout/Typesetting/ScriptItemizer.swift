import CHarfBuzz

/// Splits text into runs of one Unicode script, so that each is shaped with its own script's
/// OpenType features (HarfBuzz shapes one script per buffer and does no itemization itself).
///
/// Common and Inherited characters (spaces, punctuation, digits, marks, emoji) join the run
/// around them; a run's script is its first non-neutral script, or Common when it has none.
/// ASCII takes a fast path that never asks HarfBuzz.
enum ScriptItemizer {
    private static let unicodeFuncs = UnicodeFuncs(pointer: hb_unicode_funcs_get_default())

    /// HarfBuzz's default Unicode functions are immutable and shareable.
    private struct UnicodeFuncs: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// Calls `body(segment, script)` for consecutive segments covering `range` of `bytes`.
    static func forEachSegment(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>,
                               _ body: (Range<Int>, hb_script_t) -> Void) {
        var segmentStart = range.lowerBound
        var segmentScript = HB_SCRIPT_COMMON
        var i = range.lowerBound
        while i < range.upperBound {
            let lead = bytes[i]
            let script: hb_script_t
            let length: Int
            if lead < 0x80 {
                length = 1
                script = isASCIILetter(lead) ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
            } else {
                let (scalar, n) = decode(bytes, at: i, end: range.upperBound)
                length = n
                script = hb_unicode_script(unicodeFuncs.pointer, scalar)
            }
            if !isNeutral(script) && script != segmentScript {
                if isNeutral(segmentScript) {
                    segmentScript = script
                } else {
                    body(segmentStart..<i, segmentScript)
                    segmentStart = i
                    segmentScript = script
                }
            }
            i += length
        }
        if segmentStart < range.upperBound {
            body(segmentStart..<range.upperBound, segmentScript)
        }
    }

    /// The script of an all-ASCII `range` (the one segment ``forEachSegment(_:in:_:)`` makes of
    /// it): Latin when it has a letter, else Common.
    static func asciiScript(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>) -> hb_script_t {
        range.contains { isASCIILetter(bytes[$0]) } ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
    }

    @inline(__always)
    static func isASCIILetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
    }

    /// Whether the character at `i` (a lead byte) can start a cluster: not a mark, not a format
    /// character such as ZWJ or a variation selector's neighbours.
    static func startsCluster(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> Bool {
        guard bytes[i] & 0xC0 != 0x80 else { return false }
        let (scalar, _) = decode(bytes, at: i, end: end)
        let category = hb_unicode_general_category(unicodeFuncs.pointer, scalar)
        return category != HB_UNICODE_GENERAL_CATEGORY_NON_SPACING_MARK
            && category != HB_UNICODE_GENERAL_CATEGORY_SPACING_MARK
            && category != HB_UNICODE_GENERAL_CATEGORY_ENCLOSING_MARK
            && category != HB_UNICODE_GENERAL_CATEGORY_FORMAT
    }

    @inline(__always)
    private static func isNeutral(_ script: hb_script_t) -> Bool {
        script == HB_SCRIPT_COMMON || script == HB_SCRIPT_INHERITED || script == HB_SCRIPT_UNKNOWN
    }

    /// Decodes the scalar starting at `i` (which must be a lead byte); malformed input decodes
    /// as U+FFFD over one byte.
    @inline(__always)
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, end: Int) -> (UInt32, Int) {
        let lead = UInt32(bytes[i])
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, i + length <= end else { return (lead < 0x80 ? lead : 0xFFFD, 1) }
        var scalar = lead & (0x7F >> UInt32(length))
        for k in 1..<length { scalar = (scalar << 6) | (UInt32(bytes[i + k]) & 0x3F) }
        return (scalar, length)
    }
}
