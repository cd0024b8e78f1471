/// How text is fitted into lines besides the width: a line limit and what marks truncation.
///
/// Equality and hashing compare the truncation string's UTF-8 bytes (not canonical equivalence),
/// which keeps cache keys cheap.
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

// MARK: - Hashable

extension TextLayoutOptions {
    public static func == (lhs: TextLayoutOptions, rhs: TextLayoutOptions) -> Bool {
        lhs.maximumNumberOfLines == rhs.maximumNumberOfLines
            && lhs.truncationString.utf8.elementsEqual(rhs.truncationString.utf8)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(maximumNumberOfLines)
        hasher.combine(ByteHash.digest(truncationString))
    }
}
