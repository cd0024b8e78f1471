/// Lays a background behind its child, sized exactly like the child (Texture's
/// `ASBackgroundLayoutSpec`, semantics §3.4).
///
/// The spec ignores its own style size. The child is measured with the spec's constraint and
/// parent size; the background gets the child's size as an exact range but the **spec's**
/// parent size. Because the exact range wins over the background's own style, a background
/// node styled 0×0 still takes the child's size. The background comes first among the
/// sublayouts: it is below the child in z-order.
///
/// ```swift
/// let highlighted = BackgroundLayoutSpec(child: label, background: tint)
/// ```
public struct BackgroundLayoutSpec: LayoutElement, Sendable {
    public var style: LayoutStyle
    public var child: any LayoutElement
    public var background: any LayoutElement

    @inlinable
    public init(child: any LayoutElement, background: any LayoutElement, style: LayoutStyle = LayoutStyle()) {
        self.child = child
        self.background = background
        self.style = style
    }

    public func layoutThatFits(_ range: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        let content = child.layoutThatFits(range, parentSize: parentSize, context: context)
        let behind = background.layoutThatFits(SizeRange(exactly: content.size), parentSize: parentSize,
                                               context: context)
        return Layout(element: "background", size: content.size,
                      sublayouts: [behind.positioned(at: .zero), content.positioned(at: .zero)], context: context)
    }
}
