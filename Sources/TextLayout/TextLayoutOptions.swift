/// How text is fitted into lines besides the width: a line limit and what marks truncation.
public struct TextLayoutOptions: Hashable, Sendable {
    /// The most lines to show; 0 (and anything negative) means no limit.
    public var maximumNumberOfLines: Int
    /// Appended to the last visible line when text is cut off ("…" by default); it takes the
    /// attributes of the last character it follows. An empty string truncates without a mark.
    public var truncationString: String

    public init(maximumNumberOfLines: Int = 0, truncationString: String = "\u{2026}") {
        self.maximumNumberOfLines = max(0, maximumNumberOfLines)
        self.truncationString = truncationString
    }
}
