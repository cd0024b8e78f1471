/// A shaped text's characters: break opportunities, trailing white space, grapheme boundaries,
/// and the attributes and line metrics at an offset.
extension ShapedText {
    /// Whether a break is mandatory after offset `i - 1` (so a line must end at `i`).
    @inline(__always)
    func isMandatoryBreak(at i: Int) -> Bool {
        breaks[i - 1] == LineBreakOpportunities.mustBreak
    }

    /// The first break opportunity after `i` (always ≤ `count`: the end of the text is mandatory).
    func nextBreak(after i: Int) -> Int {
        LineBreakOpportunities.next(after: i, in: breaks)
    }

    /// `end` moved back over trailing white space and line separators, but not before `start`.
    func trimmingTrailingWhitespace(_ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start {
            let last = bytes[e - 1]
            if last < 0x80 {  // an ASCII character is its own scalar: no decoding
                guard Self.isTrailingWhitespace(UInt32(last)) else { break }
                e -= 1
                continue
            }
            var s = e - 1
            while s > start && bytes[s] & 0xC0 == 0x80 { s -= 1 }
            let scalar = bytes.withUnsafeBufferPointer { ScriptItemizer.decode($0, at: s, end: e).0 }
            guard Self.isTrailingWhitespace(scalar) else { break }
            e = s
        }
        return e
    }

    /// Spaces and separators that hang past a line's end (not the non-breaking ones, which
    /// never end a line anyway).
    static func isTrailingWhitespace(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09...0x0D, 0x20, 0x85, 0x1680, 0x2000...0x2006, 0x2008...0x200A, 0x2028, 0x2029, 0x205F, 0x3000:
            true
        default:
            false
        }
    }

    /// Calls `body` with each grapheme cluster boundary strictly after `start`, up to and
    /// including `end` (`start` must itself be a boundary, as line starts are), until it returns
    /// false.
    ///
    /// The text is read only as far as `body` asks, so a line broken out of a long word costs
    /// the length of the line, not of the rest of the word. ASCII characters take a fast path:
    /// UAX #29 puts a boundary after every ASCII character except between CR and LF (GB3), which
    /// is what `Character` iteration gives. Other text is segmented by `Character` iteration over
    /// a window that doubles while `body` goes on: a boundary inside a window is the text's own
    /// (UAX #29 decides a boundary from the characters up to the one after it, and a window
    /// starts at a boundary), except the window's end, which is never reported unless it is `end`.
    func forEachGraphemeBoundary(_ start: Int, _ end: Int, _ body: (Int) -> Bool) {
        var i = start  // always a boundary
        var window = 256
        while i < end {
            if bytes[i] < 0x80 && (i + 1 == end || bytes[i + 1] < 0x80) {
                i += bytes[i] == 0x0D && i + 1 < end && bytes[i + 1] == 0x0A ? 2 : 1
                if !body(i) { return }
                continue
            }
            var windowEnd = min(end, i + window)
            while windowEnd < end && windowEnd > i + 1 && bytes[windowEnd] & 0xC0 == 0x80 { windowEnd -= 1 }
            let string = String(decoding: bytes[i..<windowEnd], as: UTF8.self)
            var offset = i
            var lastCharacterStart = i
            for character in string {
                lastCharacterStart = offset
                offset += character.utf8.count
                if offset == windowEnd && windowEnd < end { break }  // the next character may extend it
                if !body(offset) { return }
            }
            if windowEnd == end { return }
            if lastCharacterStart == i {
                window *= 2  // one character fills the window
            } else {
                i = lastCharacterStart
            }
        }
    }

    /// The attributes at an offset (clamped into the text).
    func attributes(at offset: Int) -> TextAttributes {
        for run in runs where offset < run.range.upperBound { return run.attributes }
        return runs[runs.count - 1].attributes
    }

    /// The union of the line metrics of the runs that overlap `range`, each in its own font: a
    /// line holding a fallback font's text is as tall as the tallest font on it, as in CoreText.
    func lineMetrics(_ range: Range<Int>) -> LineMetrics {
        var result: LineMetrics?
        for run in runs where run.range.overlaps(range) {
            let metrics = fonts.face(for: run).lineMetrics(fontSize: run.attributes.fontSize)
            result = result.map { $0.union(metrics) } ?? metrics
        }
        return result ?? fonts.face(for: attributes(at: range.lowerBound).fontWeight)
            .lineMetrics(fontSize: attributes(at: range.lowerBound).fontSize)
    }
}
