/// What a measurement depends on: the cache key of ``TextLayoutCache``.
///
/// The hash is computed once, outside the cache's lock, and stored; `hash(into:)` feeds only that
/// stored value, so a dictionary probe under the lock costs one integer hash plus, on a hit, a
/// byte comparison of the text.
public struct TextLayoutKey: Hashable, Sendable {
    public let text: AttributedText
    public let options: TextLayoutOptions
    public let minWidth: Double
    public let maxWidth: Double
    public let scale: Double
    let precomputedHash: Int

    /// Widths must already be sanitised (no NaN), as ``TextMeasurer`` does.
    public init(text: AttributedText, options: TextLayoutOptions, minWidth: Double, maxWidth: Double, scale: Double) {
        self.text = text
        self.options = options
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.scale = scale
        var hasher = Hasher()
        hasher.combine(text)
        hasher.combine(options)
        hasher.combine(minWidth)
        hasher.combine(maxWidth)
        hasher.combine(scale)
        precomputedHash = hasher.finalize()
    }

    public static func == (lhs: TextLayoutKey, rhs: TextLayoutKey) -> Bool {
        lhs.precomputedHash == rhs.precomputedHash && lhs.maxWidth == rhs.maxWidth && lhs.minWidth == rhs.minWidth
            && lhs.scale == rhs.scale && lhs.options == rhs.options && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(precomputedHash)
    }
}
