/// One laid-out line of a ``TextSnapshot``.
public struct TextLineSnapshot: Sendable, Hashable, Codable {
    /// The characters drawn (trailing white space and the newline already removed; a truncated
    /// line includes its truncation string).
    public var text: String
    /// The line's start, relative to the node's frame.
    public var x: Double
    /// The baseline, relative to the node's frame top.
    public var baseline: Double
    /// The shaped advance width of `text`.
    public var width: Double

    public init(text: String, x: Double = 0, baseline: Double, width: Double) {
        self.text = text
        self.x = x
        self.baseline = baseline
        self.width = width
    }
}
