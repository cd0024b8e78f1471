import LayoutCore

/// A decoded JSON layout description (`docs/layout-description.md`): what to
/// measure and how.
///
/// An implicit host node whose layout spec is ``layout`` is measured with
/// `layoutThatFits(sizeRange, parentSize:)` at ``scale``. Decoding validates everything the
/// contract calls invalid, so every value here is usable as is.
///
/// ```swift
/// let document = try LayoutDocument(json: Array(text.utf8))
/// ```
public struct LayoutDocument: Hashable, Sendable {
    /// The screen scale used for pixel snapping; positive and finite.
    public var scale: Double
    /// The range the host is measured with: mins finite, maxes possibly infinite, min ≤ max.
    public var sizeRange: SizeRange
    /// The parent size passed to `layoutThatFits`; components may be infinite or NaN.
    public var parentSize: Size
    /// The element the host's `layoutSpecThatFits` returns.
    public var layout: ElementDescription

    public init(scale: Double = 1, sizeRange: SizeRange, parentSize: Size? = nil, layout: ElementDescription) {
        self.scale = scale
        self.sizeRange = sizeRange
        self.parentSize = parentSize ?? sizeRange.max
        self.layout = layout
    }

    /// Elements may be nested at most this deep; the document's `layout` is level 1.
    public static let maxElementDepth = 256

    /// A text's `maxLines` may be at most this (0 means no limit): the text engine sets aside
    /// room for that many lines before it breaks any.
    public static let maxTextLines = 10_000

    /// The scales a document may give: a pixel grid far from 1 rounds sizes to nothing or to
    /// infinity, which Texture's validity rules then turn into 0 × 0 layouts.
    public static let scaleRange = 0.5 ... 10.0
}
