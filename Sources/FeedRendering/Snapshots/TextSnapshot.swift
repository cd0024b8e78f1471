/// A text node's laid-out lines and the font they are set in (DejaVu Sans at `fontSize`).
public struct TextSnapshot: Sendable, Hashable, Codable {
    public var lines: [TextLineSnapshot]
    /// Points.
    public var fontSize: Double
    /// `"regular"` or `"bold"`; renderers treat anything else as regular.
    public var fontWeight: String

    public init(lines: [TextLineSnapshot], fontSize: Double, fontWeight: String = "regular") {
        self.lines = lines
        self.fontSize = fontSize
        self.fontWeight = fontWeight
    }

    /// Whether the lines are set in the bold face.
    public var isBold: Bool { fontWeight == "bold" }
}
