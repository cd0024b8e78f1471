/// Gives its child a fixed aspect ratio, `ratio = height / width` (Texture's
/// `ASRatioLayoutSpec`, semantics §3.7).
///
/// Two candidate sizes come from the constraint's max: full width with the height it implies,
/// and full height with the width it implies, each floored to the pixel grid and clamped into
/// the constraint. The candidate whose height/width is closest to `ratio` wins (the width-based
/// one on ties); the child is measured with the constraint intersected with that exact size
/// (the constraint wins), relative to it. When neither max is bounded the child gets the
/// constraint itself and an undefined parent size. The spec takes the child's size and
/// honours its own style size.
///
/// A ratio that is not positive is a programmer error.
///
/// ```swift
/// let square = RatioLayoutSpec(ratio: 1, child: photo)
/// let widescreen = RatioLayoutSpec(ratio: 9.0 / 16.0, child: video)
/// ```
public struct RatioLayoutSpec: LayoutSpec, Sendable {
    public var style: LayoutStyle
    /// Height divided by width; positive.
    public var ratio: Double {
        didSet { Self.check(ratio) }
    }
    public var child: any LayoutElement

    @inlinable
    public init(ratio: Double, child: any LayoutElement, style: LayoutStyle = LayoutStyle()) {
        Self.check(ratio)
        self.ratio = ratio
        self.child = child
        self.style = style
    }

    @usableFromInline
    static func check(_ ratio: Double) {
        precondition(ratio > 0 && ratio.isFinite,
                     "RatioLayoutSpec ratio (height / width) must be positive, got \(ratio)")
    }

    public func calculateLayout(_ range: SizeRange, context: LayoutContext) -> Layout {
        let scale = context.scale
        var best: Size?
        if LayoutValidity.isValidForSize(range.max.width) {
            let width = range.max.width
            consider(range.clamp(Size(width, PixelSnapping.floor(ratio * width, scale: scale))), best: &best)
        }
        if LayoutValidity.isValidForSize(range.max.height) {
            let height = range.max.height
            consider(range.clamp(Size(PixelSnapping.floor(height / ratio, scale: scale), height)), best: &best)
        }
        let sublayout = if let best {
            child.layoutThatFits(range.intersect(SizeRange(exactly: best)), parentSize: best, context: context)
        } else {
            child.layoutThatFits(range, parentSize: .undefined, context: context)
        }
        return Layout(element: "ratio", size: sublayout.size, sublayouts: [sublayout.positioned(at: .zero)],
                      context: context)
    }

    /// Keeps the first candidate unless a later one is strictly closer (a NaN distance, from a
    /// zero width, never wins a comparison, as with Texture's `min_element`).
    private func consider(_ candidate: Size, best: inout Size?) {
        guard let current = best else {
            best = candidate
            return
        }
        if abs(candidate.height / candidate.width - ratio) < abs(current.height / current.width - ratio) {
            best = candidate
        }
    }
}
