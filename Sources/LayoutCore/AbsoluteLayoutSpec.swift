/// Places each child at its `style.layoutPosition` (Texture's `ASAbsoluteLayoutSpec`,
/// semantics §3.8).
///
/// A child's range comes from its own style resolved against the spec's size, with auto
/// bounds from 0 to the space left after its position (`max − layoutPosition`), so a child
/// without a size may fill the rest of the spec. Positions are used raw and may be negative.
/// The spec takes the constraint's max on bounded axes; with `.sizeToFit`, or on an unbounded
/// axis, it takes the children's extent (`position + size`), at least the constraint's min.
/// The result is clamped into the constraint. The spec honours its own style size.
///
/// ```swift
/// var badgeStyle = LayoutStyle()
/// badgeStyle.layoutPosition = Point(150, 0)
/// let spec = AbsoluteLayoutSpec(sizing: .sizeToFit, children: [photo, badge])
/// ```
public struct AbsoluteLayoutSpec: LayoutSpec, Sendable {
    public var style: LayoutStyle
    public var sizing: AbsoluteLayoutSpecSizing
    public var children: [any LayoutElement]

    public init(sizing: AbsoluteLayoutSpecSizing = .default, children: [any LayoutElement],
                style: LayoutStyle = LayoutStyle()) {
        self.sizing = sizing
        self.children = children
        self.style = style
    }

    public func calculateLayout(_ range: SizeRange, context: LayoutContext) -> Layout {
        var size = Size(LayoutValidity.isValidForSize(range.max.width) ? range.max.width : .nan,
                        LayoutValidity.isValidForSize(range.max.height) ? range.max.height : .nan)
        var sublayouts: [Layout] = []
        sublayouts.reserveCapacity(children.count)
        for child in children {
            let position = child.style.layoutPosition
            let autoRange = SizeRange(min: .zero, max: Size(range.max.width - position.x,
                                                            range.max.height - position.y))
            let childRange = child.style.resolvedRange(parentSize: size, autoRange: autoRange)
            let sublayout = child.layoutThatFits(childRange, parentSize: size, context: context)
            sublayouts.append(sublayout.positioned(at: position))
        }
        if sizing == .sizeToFit || size.width.isNaN {
            size.width = sublayouts.reduce(range.min.width) { Swift.max($0, $1.position.x + $1.size.width) }
        }
        if sizing == .sizeToFit || size.height.isNaN {
            size.height = sublayouts.reduce(range.min.height) { Swift.max($0, $1.position.y + $1.size.height) }
        }
        return Layout(element: "absolute", size: range.clamp(size), sublayouts: sublayouts, context: context)
    }
}
