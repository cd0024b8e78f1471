/// A line's vertical metrics in points: ascender above the baseline, descender below it
/// (negative, as CoreText and Texture report it) and the gap added below the descender.
public struct LineMetrics: Hashable, Sendable {
    public var ascender: Double
    public var descender: Double
    public var lineGap: Double

    public init(ascender: Double, descender: Double, lineGap: Double) {
        self.ascender = ascender
        self.descender = descender
        self.lineGap = lineGap
    }

    /// `ascender − descender + lineGap`.
    public var height: Double { ascender - descender + lineGap }

    /// Per-component union: the larger ascender, the deeper descender, the larger gap. For one
    /// family this is the metrics of the largest run on a line.
    func union(_ other: LineMetrics) -> LineMetrics {
        LineMetrics(ascender: max(ascender, other.ascender), descender: min(descender, other.descender),
                    lineGap: max(lineGap, other.lineGap))
    }
}
