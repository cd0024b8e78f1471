/// Lays out every child at the origin with the spec's own constraint (Texture's
/// `ASWrapperLayoutSpec`, semantics §3.10).
///
/// Each child is measured with the constraint, relative to its max. The spec is as large as
/// the largest child on each axis, at least the constraint's min, and, as in Texture, **not**
/// clamped to the max: a child that overflows makes the wrapper overflow. The spec honours its
/// own style size.
///
/// ```swift
/// let layered = WrapperLayoutSpec(children: [shadow, card])
/// ```
public struct WrapperLayoutSpec: LayoutSpec, Sendable {
    public var style: LayoutStyle
    public var children: [any LayoutElement]

    public init(children: [any LayoutElement], style: LayoutStyle = LayoutStyle()) {
        self.children = children
        self.style = style
    }

    public func calculateLayout(_ range: SizeRange, context: LayoutContext) -> Layout {
        var size = range.min
        let sublayouts = children.map { child in
            let sublayout = child.layoutThatFits(range, parentSize: range.max, context: context)
            size = Size(Swift.max(size.width, sublayout.size.width), Swift.max(size.height, sublayout.size.height))
            return sublayout.positioned(at: .zero)
        }
        return Layout(element: "wrapper", size: size, sublayouts: sublayouts, context: context)
    }
}
