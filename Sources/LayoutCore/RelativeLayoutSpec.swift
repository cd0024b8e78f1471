/// Places its child at the start, centre or end of each axis (Texture's
/// `ASRelativeLayoutSpec`, semantics §3.5).
///
/// The spec honours its own style size. On each axis it takes the constraint's max (or the
/// child's size where the max is unbounded), unless a `minimum…` sizing option shrinks it to
/// the child. On an axis with a position other than `none` the child's minimum is 0, so it
/// keeps its intrinsic size; with `none` it gets the constraint's minimum. Positions are
/// rounded to the pixel grid (`roundPixel`).
///
/// ```swift
/// let bottomRight = RelativeLayoutSpec(horizontalPosition: .end, verticalPosition: .end, child: badge)
/// ```
public struct RelativeLayoutSpec: LayoutSpec, Sendable {
    public var style: LayoutStyle
    public var horizontalPosition: RelativePosition
    public var verticalPosition: RelativePosition
    public var sizingOption: RelativeSizingOption
    public var child: any LayoutElement

    public init(horizontalPosition: RelativePosition = .none, verticalPosition: RelativePosition = .none,
                sizingOption: RelativeSizingOption = [], child: any LayoutElement,
                style: LayoutStyle = LayoutStyle()) {
        self.horizontalPosition = horizontalPosition
        self.verticalPosition = verticalPosition
        self.sizingOption = sizingOption
        self.child = child
        self.style = style
    }

    public func calculateLayout(_ range: SizeRange, context: LayoutContext) -> Layout {
        calculateLayout(range, element: "relative", context: context)
    }

    /// The layout under another element id, for specs built on this one (``CenterLayoutSpec``).
    func calculateLayout(_ range: SizeRange, element: LayoutElementID, context: LayoutContext) -> Layout {
        // An unbounded max is an undefined parent dimension for the child.
        let bounded = Size(LayoutValidity.isValidForSize(range.max.width) ? range.max.width : .nan,
                           LayoutValidity.isValidForSize(range.max.height) ? range.max.height : .nan)
        let childRange = SizeRange(
            min: Size(horizontalPosition == .none ? range.min.width : 0,
                      verticalPosition == .none ? range.min.height : 0),
            max: range.max)
        let sublayout = child.layoutThatFits(childRange, parentSize: bounded, context: context)
        let childSize = sublayout.size

        var size = range.clamp(Size(bounded.width.isFinite ? bounded.width : childSize.width,
                                    bounded.height.isFinite ? bounded.height : childSize.height))
        if sizingOption.contains(.minimumWidth) { size.width = Swift.min(size.width, childSize.width) }
        if sizingOption.contains(.minimumHeight) { size.height = Swift.min(size.height, childSize.height) }
        size = range.clamp(size)

        let scale = context.scale
        let position = Point(
            PixelSnapping.round((size.width - childSize.width) * horizontalPosition.proportion, scale: scale),
            PixelSnapping.round((size.height - childSize.height) * verticalPosition.proportion, scale: scale))
        return Layout(element: element, size: size, sublayouts: [sublayout.positioned(at: position)],
                      context: context)
    }
}
