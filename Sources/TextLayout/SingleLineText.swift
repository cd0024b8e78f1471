import CHarfBuzz

/// Measures a short label that fits on one line without building a ``ShapedText``: a cell's
/// user name, age, like count, where the general path's object, its four heap buffers, its
/// place in the thread's ``RecentShapedTexts`` and the typesetter's span list cost more than
/// looking the words up.
///
/// It applies where the result is provably the general path's, bit for bit: one attribute run of
/// ASCII text of at most ``maximumLength`` bytes, a word cache, and a face whose space is
/// context-free for the run's script (the conditions of ``LazyShaping``: the general path then
/// shapes word by word too). The words' advances are summed left to right into prefix sums
/// exactly as ``ShapedText`` sums them, and the break opportunities are
/// ``AsciiLineBreaks``'; the typesetter's first line is then replayed over them. The answer is
/// kept only when that line takes the whole text and every width it read was at a boundary
/// where ``ShapedText/width(_:_:)`` itself answers with the prefix sum (a cluster start that
/// HarfBuzz did not flag unsafe to break). Anything else — a second line, a word broken across
/// lines, a boundary inside a kerned pair — returns `nil`, and the caller takes the general path.
enum SingleLineText {
    /// Longer texts rarely fit on one line of a cell, and the general path shapes them lazily.
    static let maximumLength = 64

    /// The measurement of `text` on one line no wider than `maxWidth` (sanitised), or `nil`
    /// when this path does not apply or the text needs more than one line.
    static func measure(_ text: AttributedText, maxWidth: Double, fonts: UnretainedFonts,
                        wordCache: BorrowedWordCache?) -> TextMeasurement? {
        guard let wordCache, text.runs.count == 1 else { return nil }
        let n = text.utf8Count
        guard n > 0, n <= maximumLength else { return nil }
        let attributes = text.runs[0].attributes
        let face = fonts.face(for: attributes.fontWeight)
        var string = text.string
        return string.withUTF8 { all -> TextMeasurement? in
            guard AsciiLineBreaks.isASCII(all) else { return nil }
            let script = ScriptItemizer.asciiScript(all, in: 0..<n)
            guard face.spaceIsContextFree(for: script) else { return nil }
            return withUnsafeTemporaryAllocation(of: Int8.self, capacity: n) { breaks in
                AsciiLineBreaks.compute(all, into: breaks)
                // A mandatory break before the end means a second line.
                guard !breaks[..<(n - 1)].contains(LineBreakOpportunities.mustBreak) else { return nil }
                return withUnsafeTemporaryAllocation(of: Double.self, capacity: n + 1) { prefix in
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: n + 1) { flags in
                        sumAdvances(all, attributes: attributes, face: face, script: script, wordCache: wordCache,
                                    prefix: prefix, flags: flags)
                        guard let line = firstLine(all, breaks: breaks, prefix: prefix, flags: flags,
                                                   limit: maxWidth + Typesetter.tolerance) else { return nil }
                        let metrics = face.lineMetrics(fontSize: attributes.fontSize)
                        return TextMeasurement(lines: [
                            TextLine(range: 0..<n, visibleRange: 0..<line.visibleEnd, width: line.width, top: 0,
                                     baseline: metrics.ascender, metrics: metrics),
                        ])
                    }
                }
            }
        }
    }

    /// Fills `prefix` (the advance of every cluster before each offset, in points) and `flags`
    /// (``ShapedText``'s per-offset flags) word by word, through ``ShapedText/sumWordAdvances(_:from:through:end:attributes:face:script:wordCache:threadCache:scratch:sum:magnitude:prefix:flags:)``
    /// as lazy shaping does (the magnitude is not needed here).
    private static func sumAdvances(_ all: UnsafeBufferPointer<UInt8>, attributes: TextAttributes, face: BorrowedFace,
                                    script: hb_script_t, wordCache: BorrowedWordCache,
                                    prefix: UnsafeMutableBufferPointer<Double>,
                                    flags: UnsafeMutableBufferPointer<UInt8>) {
        let threadCache = ThreadWordCache.current
        defer { threadCache.flushHits(to: wordCache) }
        var sum = 0.0, magnitude = 0.0
        WordScratch.with { scratch in
            _ = ShapedText.sumWordAdvances(all, from: 0, through: all.count, end: all.count, attributes: attributes,
                                           face: face, script: script, wordCache: wordCache, threadCache: threadCache,
                                           scratch: scratch, sum: &sum, magnitude: &magnitude, prefix: prefix,
                                           flags: flags)
        }
        prefix[all.count] = sum
        flags[all.count] = ShapedText.clusterStart
    }

    /// ``Typesetter``'s first line from offset 0, when it takes the whole text and reads only
    /// widths that are prefix sums: its visible end (trailing white space excluded) and width.
    private static func firstLine(_ all: UnsafeBufferPointer<UInt8>, breaks: UnsafeMutableBufferPointer<Int8>,
                                  prefix: UnsafeMutableBufferPointer<Double>, flags: UnsafeMutableBufferPointer<UInt8>,
                                  limit: Double) -> (visibleEnd: Int, width: Double)? {
        let n = all.count
        var fit: (end: Int, visibleEnd: Int, width: Double)?
        var p = LineBreakOpportunities.next(after: 0, in: breaks)
        while true {
            var visibleEnd = p
            while visibleEnd > 0 && ShapedText.isTrailingWhitespace(UInt32(all[visibleEnd - 1])) { visibleEnd -= 1 }
            let safe = visibleEnd == 0
                || flags[visibleEnd] & (ShapedText.clusterStart | ShapedText.unsafeToBreak) == ShapedText.clusterStart
            guard safe else { return nil }
            let width = visibleEnd == 0 ? 0 : prefix[visibleEnd] - prefix[0]
            guard width <= limit else { break }
            fit = (p, visibleEnd, width)
            if p == n { break }  // the only mandatory break left is the end
            p = LineBreakOpportunities.next(after: p, in: breaks)
        }
        guard let fit, fit.end == n else { return nil }
        return (fit.visibleEnd, fit.width)
    }
}
