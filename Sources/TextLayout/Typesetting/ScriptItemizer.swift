import CHarfBuzz

/// Splits text into runs of one Unicode script, so that each is shaped with its own script's
/// OpenType features (HarfBuzz shapes one script per buffer and does no itemization itself).
///
/// Common and Inherited characters (spaces, punctuation, digits, marks, emoji) join the run
/// before them, else the run after them; a run's script is its first non-neutral script, or
/// Common when it has none. The runs are the paragraph's: a range that starts with neutral
/// characters (a font run after a fallback font's, a line) continues the script of the text
/// before it, as Chromium's script segmentation of the whole paragraph does. So in
/// "了。 The" the space is shaped with the Han run, apart from "The", and a font that kerns
/// " T" (Liberation Sans) does not kern it there, as Chromium sets it.
/// ASCII takes a fast path that never asks HarfBuzz.
enum ScriptItemizer {
    private static let unicodeFuncs = UnicodeFuncs(pointer: hb_unicode_funcs_get_default())

    /// HarfBuzz's default Unicode functions are immutable and shareable.
    private struct UnicodeFuncs: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// Calls `body(segment, script)` for consecutive, non-empty segments covering `range` of
    /// `bytes`, the script runs of the paragraph around it clamped to it.
    static func forEachSegment(_ bytes: UnsafeBufferPointer<UInt8>, in range: Range<Int>,
                               _ body: (Range<Int>, hb_script_t) -> Void) {
        var segmentStart = range.lowerBound
        var segmentScript = scriptBefore(bytes, at: range.lowerBound)
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
                if isNeutral(segmentScript) || i == segmentStart {
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

    /// The script of the paragraph's run that `i` continues: the script of the last non-neutral
    /// character before it, back to the start of the text or of its line (a line break ends a
    /// paragraph), else Common.
    static func scriptBefore(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> hb_script_t {
        var j = i
        while j > 0 {
            j -= 1
            while j > 0 && bytes[j] & 0xC0 == 0x80 { j -= 1 }
            let lead = bytes[j]
            if lead == 0x0A || lead == 0x0D { return HB_SCRIPT_COMMON }
            let script = lead < 0x80 ? (isASCIILetter(lead) ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON)
                : hb_unicode_script(unicodeFuncs.pointer, decode(bytes, at: j, end: bytes.count).0)
            if !isNeutral(script) { return script }
        }
        return HB_SCRIPT_COMMON
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
