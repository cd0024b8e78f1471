/// A font weight; DejaVu Sans ships regular and bold.
public enum FontWeight: String, Hashable, Sendable, CaseIterable, Codable {
    case regular, bold
}

/// The attributes of a run of text that affect its measurement.
public struct TextAttributes: Hashable, Sendable, Codable {
    /// Font size in points.
    public var fontSize: Double
    public var fontWeight: FontWeight

    public init(fontSize: Double = 14, fontWeight: FontWeight = .regular) {
        self.fontSize = fontSize
        self.fontWeight = fontWeight
    }
}
