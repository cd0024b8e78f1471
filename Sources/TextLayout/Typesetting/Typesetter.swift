/// Greedy line breaking over a ``ShapedText`` (what CoreText's typesetter does for word wrap).
///
/// Rules, in order:
/// - Lines end at UAX #14 opportunities; a mandatory break (after a newline) always ends one. A
///   newline at the very end of the text does not start another, empty line.
/// - A line takes as many opportunities as fit: its width, the advance width of its text without
///   trailing white space, is at most the maximum width. Trailing spaces hang past the edge.
/// - A word (the text up to the first opportunity) wider than the line on its own is broken at
///   grapheme cluster boundaries, as many clusters as fit and at least one per line.
/// - With a line limit, the last visible line is re-cut when text remains: it keeps the longest
///   run of whole grapheme clusters of its paragraph (mid-word, like CoreText's tail truncation)
///   such that it plus the truncation string fits, then the truncation string follows.
/// - Lines stack without spacing; each line's metrics are the union of its runs' metrics.
struct Typesetter {
    let shaped: ShapedText

    /// Floating-point slack when comparing a width with the maximum.
    static let tolerance = 1e-7

    /// A line before vertical placement.
    private struct Span {
        var range: Range<Int>
        var visibleEnd: Int
        var width: Double
        var truncationWidth: Double?
        var extraMetrics: LineMetrics?
        /// For a line that ends inside a broken word, the word's opportunity (the first one
        /// after the line's end).
        var pendingBreak: Int?
    }

    /// Lays the text out within `maxWidth` (`.infinity` for no wrapping; ``TextMeasurer``
    /// sanitises NaN and negative widths before they get here).
    ///
    /// The truncation string is shaped through `wordCache` when one is given (exact, as for any
    /// text; see ``WordShapeCache``).
    func layout(maxWidth: Double, options: TextLayoutOptions, wordCache: BorrowedWordCache? = nil) -> TextMeasurement {
        let n = shaped.count
        guard n > 0 else { return .empty }
        let limit = maxWidth + Self.tolerance
        var spans: [Span] = []
        spans.reserveCapacity(options.maximumNumberOfLines > 0 ? options.maximumNumberOfLines : 4)
        var start = 0
        var widest = 0.0
        // The first opportunity after `start` when a line ended inside a broken word: the rest of
        // the word has none before it, so the next line does not scan the word again.
        var pendingBreak: Int?
        while start < n {
            if options.maximumNumberOfLines > 0 && spans.count == options.maximumNumberOfLines { break }
            let span = nextLine(from: start, firstBreak: pendingBreak, limit: limit, widest: &widest)
            spans.append(span)
            pendingBreak = span.pendingBreak
            start = span.range.upperBound
        }
        if start < n, let last = spans.popLast() {
            spans.append(truncated(last, limit: limit, token: options.truncationString, wordCache: wordCache))
            widest = .infinity
        }
        var lines: [TextLine] = []
        lines.reserveCapacity(spans.count)
        var top = 0.0
        for span in spans {
            var metrics = shaped.lineMetrics(span.range.lowerBound..<max(span.visibleEnd, span.range.lowerBound + 1))
            if let extra = span.extraMetrics { metrics = metrics.union(extra) }
            lines.append(TextLine(range: span.range, visibleRange: span.range.lowerBound..<span.visibleEnd,
                                  width: span.width, truncationWidth: span.truncationWidth, top: top,
                                  baseline: top + metrics.ascender, metrics: metrics))
            top += metrics.height
        }
        return TextMeasurement(lines: lines, widestFittingCandidate: widest)
    }

    /// The longest line starting at `start` that fits, or a forced break inside an over-wide word;
    /// raises `widest` to the widest candidate that fitted (to infinity for a broken word).
    /// `firstBreak`, when known, is the first opportunity after `start`.
    private func nextLine(from start: Int, firstBreak: Int?, limit: Double, widest: inout Double) -> Span {
        var fit: Span?
        var p = firstBreak ?? shaped.nextBreak(after: start)
        while true {
            let visibleEnd = shaped.trimmingTrailingWhitespace(start, p)
            let width = shaped.width(start, visibleEnd)
            guard width <= limit else { break }
            fit = Span(range: start..<p, visibleEnd: visibleEnd, width: width)
            widest = max(widest, width)
            if shaped.isMandatoryBreak(at: p) { break }
            p = shaped.nextBreak(after: p)
        }
        if let fit { return fit }
        widest = .infinity
        return brokenWord(from: start, opportunity: p, limit: limit)
    }

    /// The word from `start` to the opportunity `p` does not fit on a line of its own: keep as
    /// many grapheme clusters of it as fit, at least one.
    private func brokenWord(from start: Int, opportunity p: Int, limit: Double) -> Span {
        let wordEnd = shaped.trimmingTrailingWhitespace(start, p)
        var end = p
        var width = 0.0
        var first = true
        shaped.forEachGraphemeBoundary(start, wordEnd) { q in
            let w = shaped.width(start, q)
            guard first || w <= limit else { return false }
            first = false
            end = q
            width = w
            return true
        }
        if first { width = shaped.width(start, end) }
        // Shaping the pieces alone may make the whole word fit after all: then it takes its spaces.
        let lineEnd = end == wordEnd ? p : end
        return Span(range: start..<lineEnd, visibleEnd: end, width: width, pendingBreak: lineEnd < p ? p : nil)
    }

    /// Re-cuts the last visible line so that it and `token` fit, keeping whole grapheme clusters
    /// of the line's paragraph.
    private func truncated(_ line: Span, limit: Double, token: String, wordCache: BorrowedWordCache?) -> Span {
        let start = line.range.lowerBound
        let attributes = shaped.attributes(at: max(start, line.visibleEnd - 1))
        var tokenWidth = 0.0
        var tokenMetrics: LineMetrics?
        if !token.isEmpty {
            let tokenShape = Self.shapedToken(token, attributes: attributes, fonts: shaped.fonts, wordCache: wordCache)
            tokenWidth = tokenShape.width
            tokenMetrics = tokenShape.metrics
        }
        var paragraphEnd = shaped.nextBreak(after: start)
        while !shaped.isMandatoryBreak(at: paragraphEnd) { paragraphEnd = shaped.nextBreak(after: paragraphEnd) }
        let available = limit - tokenWidth
        let (keptEnd, keptWidth) = shaped.lastFittingTrimmedEnd(from: start, to: paragraphEnd, available: available)
        return Span(range: start..<shaped.count, visibleEnd: keptEnd, width: keptWidth + tokenWidth,
                    truncationWidth: tokenWidth, extraMetrics: tokenMetrics)
    }

    /// `token` shaped alone in `attributes` (its width and line metrics), remembered per thread
    /// when there is a word cache to key it by.
    static func shapedToken(_ token: String, attributes: TextAttributes, fonts: UnretainedFonts,
                            wordCache: BorrowedWordCache?) -> TruncationTokens.Shaped {
        func shape() -> TruncationTokens.Shaped {
            let text = ShapedText(AttributedText(token, attributes: attributes), fonts: fonts, wordCache: wordCache)
            return TruncationTokens.Shaped(width: text.width(0, text.count),
                                           metrics: fonts.face(for: attributes.fontWeight)
                                               .lineMetrics(fontSize: attributes.fontSize))
        }
        guard let wordCache else { return shape() }
        return TruncationTokens.current.shaped(token, attributes: attributes, wordCache: wordCache, shape: shape)
    }
}
