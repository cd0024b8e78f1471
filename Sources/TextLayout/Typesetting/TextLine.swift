/// One laid-out line: what it holds, how wide it is and where its baseline sits.
public struct TextLine: Hashable, Sendable {
    /// UTF-8 offsets of the characters the line consumes, trailing spaces and the newline included.
    /// A truncated line consumes the rest of the text.
    public var range: Range<Int>
    /// The part that is drawn: `range` without trailing white space, or, on a truncated line, the
    /// part kept before the truncation string.
    public var visibleRange: Range<Int>
    /// The shaped advance width of `visibleRange`, plus the truncation string's when truncated.
    public var width: Double
    /// The truncation string's width when this line was truncated, else `nil`.
    public var truncationWidth: Double?
    /// Distance from the text's top to the line's top and to its baseline.
    public var top: Double
    public var baseline: Double
    /// The largest run's metrics on the line (see ``LineMetrics/union(_:)``).
    public var metrics: LineMetrics

    public init(range: Range<Int>, visibleRange: Range<Int>, width: Double, truncationWidth: Double? = nil,
                top: Double, baseline: Double, metrics: LineMetrics) {
        self.range = range
        self.visibleRange = visibleRange
        self.width = width
        self.truncationWidth = truncationWidth
        self.top = top
        self.baseline = baseline
        self.metrics = metrics
    }

    /// `ascender − descender + lineGap`.
    public var height: Double { metrics.height }
    /// Whether the truncation string ends this line.
    public var isTruncated: Bool { truncationWidth != nil }
}
