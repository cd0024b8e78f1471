import CHarfBuzz

/// ``Typesetter``'s rules replayed over prefix sums in the thread's buffers, filled word by
/// word as the lines read them (see ``ComposedText``, which checks the conditions and provides
/// the buffers). Every method returns `nil` where it cannot prove the general path's answer.
struct ComposedLines {
    /// What shaping the run's words needs.
    struct Words {
        let attributes: TextAttributes
        let face: BorrowedFace
        let script: hb_script_t
        let fonts: UnretainedFonts
        let wordCache: BorrowedWordCache
        let threadCache: ThreadWordCache
        let scratch: WordScratch
    }

    let all: UnsafeBufferPointer<UInt8>
    /// The break statuses (``AsciiLineBreaks``), written ``breakStep`` bytes at a time as the
    /// lines reach them (``status(at:)``): a caption cut after three lines is not read to its end.
    private let breaks: UnsafeMutableBufferPointer<Int8>
    private var breakPass: AsciiLineBreaks.Pass
    private static let breakStep = 48
    /// ``ShapedText/prefix`` and ``ShapedText/flags``, final below ``shapedEnd`` (and `prefix` at it).
    let prefix: UnsafeMutableBufferPointer<Double>
    let flags: UnsafeMutableBufferPointer<UInt8>
    let words: Words
    private var shapedEnd = 0
    private var sum = 0.0
    private var magnitude = 0.0

    /// `all` is ASCII and not empty; `breaks` has room for a status per byte.
    init(all: UnsafeBufferPointer<UInt8>, breaks: UnsafeMutableBufferPointer<Int8>, prefix: UnsafeMutableBufferPointer<Double>,
         flags: UnsafeMutableBufferPointer<UInt8>, words: Words) {
        self.all = all
        self.breaks = breaks
        breakPass = AsciiLineBreaks.Pass(all)
        self.prefix = prefix
        self.flags = flags
        self.words = words
        prefix[0] = 0
    }

    private var count: Int { all.count }

    /// ``Typesetter/layout(maxWidth:options:wordCache:)`` for this text.
    mutating func layout(maxWidth: Double, options: TextLayoutOptions) -> TextMeasurement? {
        let n = count
        let limit = maxWidth + Typesetter.tolerance
        let metrics = words.face.lineMetrics(fontSize: words.attributes.fontSize)
        let maximumLines = options.maximumNumberOfLines
        var lines: [TextLine] = []
        lines.reserveCapacity(maximumLines > 0 ? maximumLines : 4)
        var start = 0, top = 0.0
        var widest = 0.0
        while start < n {
            if maximumLines > 0 && lines.count == maximumLines { break }
            guard let line = nextLine(from: start, limit: limit, widest: &widest) else { return nil }
            lines.append(TextLine(range: start..<line.end, visibleRange: start..<line.visibleEnd, width: line.width,
                                  top: top, baseline: top + metrics.ascender, metrics: metrics))
            top += metrics.height
            start = line.end
        }
        if start < n {
            let last = lines.count - 1
            guard let cut = truncated(lines[last], limit: limit, token: options.truncationString) else { return nil }
            lines[last] = cut
            widest = .infinity
        }
        return TextMeasurement(lines: lines, widestFittingCandidate: widest)
    }

    /// ``Typesetter``'s longest line from `start` that fits, raising `widest` as it does; `nil`
    /// when no opportunity fits (the general path then breaks the word) or a width cannot be proven.
    private mutating func nextLine(from start: Int, limit: Double,
                                   widest: inout Double) -> (end: Int, visibleEnd: Int, width: Double)? {
        var fit: (end: Int, visibleEnd: Int, width: Double)?
        var p = nextOpportunity(after: start)
        while true {
            let visibleEnd = trimmingTrailingWhitespace(start, p)
            guard let width = width(start, visibleEnd) else { return nil }
            guard width <= limit else { break }
            fit = (p, visibleEnd, width)
            widest = max(widest, width)
            if isMandatoryBreak(at: p) { break }
            p = nextOpportunity(after: p)
        }
        return fit
    }

    /// ``Typesetter``'s re-cut of the last visible line so that it and `token` fit, keeping whole
    /// characters of the line's paragraph (``ShapedText/lastFittingTrimmedEnd(from:to:available:)``).
    private mutating func truncated(_ line: TextLine, limit: Double, token: String) -> TextLine? {
        let start = line.range.lowerBound
        var tokenWidth = 0.0
        var metrics = line.metrics
        if !token.isEmpty {
            let shaped = Typesetter.shapedToken(token, attributes: words.attributes, fonts: words.fonts,
                                                wordCache: words.wordCache)
            tokenWidth = shaped.width
            metrics = metrics.union(shaped.metrics)
        }
        let available = limit - tokenWidth
        var kept = (end: start, width: 0.0)
        var measured = -1  // the trimmed end whose width was last compared
        var visibleEnd = start
        // Every byte of the paragraph, which ends after the first byte with a mandatory break
        // (the text's last byte has one); a CR is skipped when an LF follows it in the paragraph.
        var i = start
        let base = start < shapedEnd && ShapedText.isSafeBoundary(start, flags: flags) ? prefix[start] : nil
        while true {
            if let base {
                // The common bytes in a tight loop, computing what the general step below does:
                // a letter or digit ending at a safe boundary already summed (its width is the
                // prefix difference `width(start, i + 1)` takes), or a space after a measured end.
                // Anything else (a break status not yet computed, a mandatory break, a CR, an
                // unsafe or unshaped end) takes the general step.
                while i + 1 < shapedEnd && i < breakPass.computed && breaks[i] != LineBreakOpportunities.mustBreak {
                    let byte = all[i]
                    if byte == 0x20 && visibleEnd == measured {
                        i += 1
                        continue
                    }
                    guard byte > 0x20 && byte < 0x7F && ShapedText.isSafeBoundary(i + 1, flags: flags) else { break }
                    visibleEnd = i + 1
                    measured = visibleEnd
                    let width = prefix[visibleEnd] - base
                    guard width <= available else { return cutLine(line, keeping: kept, token: tokenWidth, metrics) }
                    kept = (visibleEnd, width)
                    i += 1
                }
            }
            let endsParagraph = status(at: i) == LineBreakOpportunities.mustBreak
            if !(all[i] == 0x0D && !endsParagraph && all[i + 1] == 0x0A) {
                if !ShapedText.isTrailingWhitespace(UInt32(all[i])) { visibleEnd = i + 1 }
                if visibleEnd != measured {  // else the same width, which fitted
                    measured = visibleEnd
                    guard let width = width(start, visibleEnd) else { return nil }
                    guard width <= available else { break }
                    kept = (visibleEnd, width)
                }
            }
            if endsParagraph { break }
            i += 1
        }
        return cutLine(line, keeping: kept, token: tokenWidth, metrics)
    }

    /// `line` re-cut to end at `kept` and followed by a truncation string `token` wide.
    private func cutLine(_ line: TextLine, keeping kept: (end: Int, width: Double), token tokenWidth: Double,
                         _ metrics: LineMetrics) -> TextLine {
        let start = line.range.lowerBound
        return TextLine(range: start..<count, visibleRange: start..<kept.end, width: kept.width + tokenWidth,
                        truncationWidth: tokenWidth, top: line.top, baseline: line.top + metrics.ascender,
                        metrics: metrics)
    }

    // MARK: - Widths

    /// ``ShapedText/width(_:_:)`` of `[a, b)`, or `nil` where the general path would not take it
    /// from the prefix sums or ``ShapedText/composedWidth(_:_:)``.
    private mutating func width(_ a: Int, _ b: Int) -> Double? {
        guard a < b else { return 0 }
        if b >= shapedEnd && shapedEnd < count { shape(beyond: b) }
        if ShapedText.isSafeBoundary(a, flags: flags) && ShapedText.isSafeBoundary(b, flags: flags) {
            return prefix[b] - prefix[a]
        }
        return composedWidth(a, b)
    }

    /// ``ShapedText/composedWidth(_:_:)`` for this one-run text: the whole words of `[a, b)` from
    /// the prefix sums plus the last partial word shaped alone, or `nil` when that does not apply.
    private func composedWidth(_ a: Int, _ b: Int) -> Double? {
        // The general path composes only while every advance so far sums exactly (its
        // `composesFromWords`); a text shaped further than it had been may fail where it would
        // not, and is then simply left to it.
        guard magnitude < 0x1p15, ShapedText.hasExactScale(words.attributes, words.fonts),
              a == 0 || ShapedText.startsWord(all, at: a, end: count),
              ScriptItemizer.asciiScript(all, in: a..<b) == words.script else { return nil }
        let wordStart = b < count ? ShapedText.lastWordStart(all, in: a..<b) : b
        let whole = prefix[wordStart] - prefix[a]
        let word = wordStart..<b
        guard !word.isEmpty else { return whole }
        guard word.count <= WordShapeCache.maximumWordLength,
              let partial = ShapedText.partialWordWidth(all, word: word, attributes: words.attributes, face: words.face,
                                                        script: words.script, wordCache: words.wordCache,
                                                        scratch: words.scratch) else { return nil }
        return whole + partial
    }

    /// Shapes whole words until ``shapedEnd`` is past `offset` (plus ``LazyShaping/lookahead``)
    /// or at the end of the text, as ``ShapedText/shapeWords(beyond:)`` does.
    private mutating func shape(beyond offset: Int) {
        let target = min(count, offset + LazyShaping.lookahead)
        var end = shapedEnd
        while end <= target && end < count {
            end = ShapedText.sumWordAdvances(all, from: end, through: target, end: count, attributes: words.attributes,
                                             face: words.face, script: words.script, wordCache: words.wordCache,
                                             threadCache: words.threadCache, scratch: words.scratch, sum: &sum,
                                             magnitude: &magnitude, prefix: prefix, flags: flags)
        }
        prefix[end] = sum
        if end == count { flags[end] = ShapedText.clusterStart }
        shapedEnd = end
    }

    // MARK: - Characters

    /// The break status after byte `i`, computing the statuses ahead of it first if need be.
    @inline(__always)
    private mutating func status(at i: Int) -> Int8 {
        computeStatuses(through: i)
        return breaks[i]
    }

    /// Makes sure the status after byte `i` is computed, with up to ``breakStep`` more.
    @inline(__always)
    private mutating func computeStatuses(through i: Int) {
        if i >= breakPass.computed {
            breakPass.compute(all, into: breaks, through: min(count, i + 1 + Self.breakStep))
        }
    }

    /// ``LineBreakOpportunities/next(after:in:)`` over the statuses computed as it reads them,
    /// eight at a time: an ASCII status is a mandatory break, an allowed one or
    /// ``LineBreakOpportunities/noBreak`` (never "inside a character"), so the first status that is
    /// not "no break" is the next opportunity.
    private mutating func nextOpportunity(after i: Int) -> Int {
        var k = i  // the status after byte k ends the line at k + 1
        while k + 1 < count {
            computeStatuses(through: k)
            let end = min(breakPass.computed, count - 1)
            let noBreaks = UInt64(truncatingIfNeeded: LineBreakOpportunities.noBreak) &* 0x0101_0101_0101_0101
            while k + 8 <= end {
                let statuses = UInt64(littleEndian: UnsafeRawPointer(breaks.baseAddress! + k)
                    .loadUnaligned(as: UInt64.self))
                let others = statuses ^ noBreaks
                if others != 0 { return k + others.trailingZeroBitCount / 8 + 1 }
                k += 8
            }
            while k < end {
                if breaks[k] != LineBreakOpportunities.noBreak { return k + 1 }
                k += 1
            }
        }
        return count
    }

    @inline(__always)
    private mutating func isMandatoryBreak(at i: Int) -> Bool {
        status(at: i - 1) == LineBreakOpportunities.mustBreak
    }

    /// `end` moved back over trailing white space (all ASCII here), not before `start`.
    @inline(__always)
    private func trimmingTrailingWhitespace(_ start: Int, _ end: Int) -> Int {
        var e = end
        while e > start && ShapedText.isTrailingWhitespace(UInt32(all[e - 1])) { e -= 1 }
        return e
    }
}
