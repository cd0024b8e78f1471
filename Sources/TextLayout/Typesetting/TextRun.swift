/// A stretch of an ``AttributedText`` with one set of attributes.
public struct TextRun: Hashable, Sendable {
    /// The run's UTF-8 offsets in the text.
    public var range: Range<Int>
    public var attributes: TextAttributes

    public init(range: Range<Int>, attributes: TextAttributes) {
        self.range = range
        self.attributes = attributes
    }
}
