/// What a measurement depends on: the cache key of ``TextLayoutCache``.
///
/// The hash is computed once, outside the cache's lock, from the text's maintained digest (see
/// ``AttributedText``) and the other fields, and stored; the cache files entries under that value
/// (see ``MeasurementTable``), so a probe under the lock compares integers and a hit compares the
/// text, by identity when the same text value is measured again. `hash(into:)` feeds only that
/// value too.
public struct TextLayoutKey: Hashable, Sendable {
    public let text: AttributedText
    public let options: TextLayoutOptions
    public let maxWidth: Double
    public let scale: Double
    let precomputedHash: Int

    /// Widths must already be sanitised (no NaN), as ``TextMeasurer`` does.
    public init(text: AttributedText, options: TextLayoutOptions, maxWidth: Double, scale: Double) {
        self.text = text
        self.options = options
        self.maxWidth = maxWidth
        self.scale = scale
        precomputedHash = Self.hash(text: text, options: options, maxWidth: maxWidth, scale: scale)
    }

    /// The key's hash from the fields' own digests; the text's digest is maintained by
    /// ``AttributedText`` itself, so no character is read here.
    @inline(__always)
    static func hash(text: AttributedText, options: TextLayoutOptions, maxWidth: Double, scale: Double) -> Int {
        var digest = ByteHash.mix(text.digest ^ UInt64(bitPattern: Int64(options.maximumNumberOfLines)))
        digest = ByteHash.mix(digest ^ options.truncationDigest)
        digest = ByteHash.mix(digest ^ maxWidth.bitPattern)
        digest = ByteHash.mix(digest ^ scale.bitPattern)
        return Int(truncatingIfNeeded: digest)
    }

    public static func == (lhs: TextLayoutKey, rhs: TextLayoutKey) -> Bool {
        lhs.precomputedHash == rhs.precomputedHash && lhs.maxWidth == rhs.maxWidth && lhs.scale == rhs.scale
            && lhs.options == rhs.options && lhs.text == rhs.text
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(precomputedHash)
    }
}
