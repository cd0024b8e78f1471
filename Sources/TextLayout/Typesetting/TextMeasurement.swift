/// The result of measuring an ``AttributedText``: its lines and the size they use.
///
/// Sizes are exact (not pixel-snapped); a node ceils them to its pixel grid. Offsets in lines are
/// UTF-8 offsets into the measured text's string.
public struct TextMeasurement: Hashable, Sendable {
    public var lines: [TextLine]
    /// The widest line's width.
    public var width: Double
    /// The sum of the lines' heights.
    public var height: Double
    /// The first line's ascender (0 without lines).
    public var firstLineAscender: Double
    /// The last line's descender, negative as CoreText and Texture report it (0 without lines).
    public var lastLineDescender: Double
    /// The widest line candidate the typesetter measured and found fitting while breaking the
    /// lines (a line's end at each break opportunity it tried), or infinity when a line had to
    /// break a word or was truncated: see ``isExact(atMaxWidth:measuredAt:)``.
    var widestFittingCandidate: Double

    /// A measurement of `lines`, which ``isExact(atMaxWidth:measuredAt:)`` never reuses.
    public init(lines: [TextLine]) {
        self.init(lines: lines, widestFittingCandidate: lines.isEmpty ? 0 : .infinity)
    }

    init(lines: [TextLine], widestFittingCandidate: Double) {
        self.lines = lines
        width = lines.reduce(0) { max($0, $1.width) }
        height = lines.reduce(0) { $0 + $1.height }
        firstLineAscender = lines.first?.metrics.ascender ?? 0
        lastLineDescender = lines.last?.metrics.descender ?? 0
        self.widestFittingCandidate = widestFittingCandidate
    }

    /// No lines: what empty text measures as.
    public static let empty = TextMeasurement(lines: [])

    /// Whether measuring the same text with the same options at `maxWidth` gives exactly this
    /// measurement, made at `measuredWidth`, without measuring again: when `maxWidth` is at most
    /// `measuredWidth` and every candidate the typesetter found fitting fits `maxWidth` too. Then
    /// every line takes the same break: the candidates that fitted still fit, and the one that
    /// ended each line's search by not fitting fits even less. (A stack that stretches a label it
    /// measured unconstrained to a wider sibling's width asks exactly this.)
    public func isExact(atMaxWidth maxWidth: Double, measuredAt measuredWidth: Double) -> Bool {
        guard maxWidth >= 0, maxWidth <= measuredWidth else { return false }
        return widestFittingCandidate <= maxWidth + Typesetter.tolerance
    }

    /// Whether the last line was truncated.
    public var isTruncated: Bool { lines.last?.isTruncated ?? false }
}
