/// Lays an overlay over its child, sized exactly like the child (Texture's
/// `ASOverlayLayoutSpec`, semantics §3.3).
///
/// The spec ignores its own style size. The child is measured with the spec's constraint and
/// parent size; the overlay gets the child's size as an exact range and as its parent size.
/// Both sit at the origin, child first, so the overlay is above it in z-order.
///
/// ```swift
/// let card = OverlayLayoutSpec(child: photo, overlay: gradient)
/// ```
public struct OverlayLayoutSpec: LayoutElement, Sendable {
    public var style: LayoutStyle
    public var child: any LayoutElement
    public var overlay: any LayoutElement

    @inlinable
    public init(child: any LayoutElement, overlay: any LayoutElement, style: LayoutStyle = LayoutStyle()) {
        self.child = child
        self.overlay = overlay
        self.style = style
    }

    public func layoutThatFits(_ range: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        let content = child.layoutThatFits(range, parentSize: parentSize, context: context)
        let top = overlay.layoutThatFits(SizeRange(exactly: content.size), parentSize: content.size,
                                         context: context)
        return Layout(element: "overlay", size: content.size,
                      sublayouts: [content.positioned(at: .zero), top.positioned(at: .zero)], context: context)
    }
}
