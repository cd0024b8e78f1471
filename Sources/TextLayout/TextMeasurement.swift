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

    public init(lines: [TextLine]) {
        self.lines = lines
        width = lines.reduce(0) { max($0, $1.width) }
        height = lines.reduce(0) { $0 + $1.height }
        firstLineAscender = lines.first?.metrics.ascender ?? 0
        lastLineDescender = lines.last?.metrics.descender ?? 0
    }

    /// No lines: what empty text measures as.
    public static let empty = TextMeasurement(lines: [])

    /// Whether the last line was truncated.
    public var isTruncated: Bool { lines.last?.isTruncated ?? false }
}
