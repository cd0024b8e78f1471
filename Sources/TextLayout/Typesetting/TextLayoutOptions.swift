/// How text is fitted into lines besides the width: a line limit and what marks truncation.
///
/// Hashing uses the truncation string's UTF-8 byte digest, kept up to date on assignment, which
/// keeps cache keys cheap; equality requires equal digests as well as equal strings.
public struct TextLayoutOptions: Hashable, Sendable {
    /// The most lines to show; 0 (and anything negative) means no limit.
    public var maximumNumberOfLines: Int
    /// Appended to the last visible line when text is cut off ("…" by default); it takes the
    /// attributes of the last character it follows. An empty string truncates without a mark.
    public var truncationString: String {
        didSet { truncationDigest = ByteHash.digest(truncationString) }
    }
    /// The truncation string's byte digest, kept so that cache keys never hash the string.
    private(set) var truncationDigest: UInt64

    public init(maximumNumberOfLines: Int = 0, truncationString: String = "\u{2026}") {
        self.maximumNumberOfLines = max(0, maximumNumberOfLines)
        self.truncationString = truncationString
        // Every text node makes options, nearly all with the default string: its digest is kept.
        truncationDigest = truncationString == Self.ellipsis ? Self.ellipsisDigest : ByteHash.digest(truncationString)
    }

    private static let ellipsis = "\u{2026}"
    private static let ellipsisDigest = ByteHash.digest(ellipsis)

    /// No line limit, "…": the value of `TextLayoutOptions()`, made once (the default argument of
    /// ``TextMeasurer/measure(_:options:maxWidth:scale:)``, which would otherwise hash
    /// the truncation string on every call).
    public static let standard = TextLayoutOptions()
}

// MARK: - Hashable

extension TextLayoutOptions {
    public static func == (lhs: TextLayoutOptions, rhs: TextLayoutOptions) -> Bool {
        // Equal digests and canonically equal strings: in practice, equal bytes.
        lhs.maximumNumberOfLines == rhs.maximumNumberOfLines && lhs.truncationDigest == rhs.truncationDigest
            && lhs.truncationString == rhs.truncationString
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(maximumNumberOfLines)
        hasher.combine(truncationDigest)
    }
}
