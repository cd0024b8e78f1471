/// Centres a corner element (a badge) on one corner of its child (Texture's
/// `ASCornerLayoutSpec`, semantics §3.9).
///
/// Child and corner are both measured with the whole constraint, relative to its max (or an
/// undefined parent size on unbounded axes). The corner's centre goes on the chosen corner of
/// the child, moved by `offset`; `layoutPosition` is ignored.
///
/// Without `wrapsCorner` the spec is the child's size and the corner may stick out (negative
/// positions). With it, the spec covers the union of both frames (clamped into the
/// constraint) and both sublayouts shift so that the union starts at the origin. Sublayouts:
/// child, then corner. The spec honours its own style size.
///
/// ```swift
/// let avatarWithBadge = CornerLayoutSpec(child: avatar, corner: badge, location: .topRight,
///                                        offset: Point(-4, 4), wrapsCorner: true)
/// ```
public struct CornerLayoutSpec: LayoutSpec, Sendable {
    public var style: LayoutStyle
    public var child: any LayoutElement
    public var corner: any LayoutElement
    public var location: CornerLocation
    public var offset: Point
    public var wrapsCorner: Bool

    public init(child: any LayoutElement, corner: any LayoutElement, location: CornerLocation,
                offset: Point = .zero, wrapsCorner: Bool = false, style: LayoutStyle = LayoutStyle()) {
        self.child = child
        self.corner = corner
        self.location = location
        self.offset = offset
        self.wrapsCorner = wrapsCorner
        self.style = style
    }

    public func calculateLayout(_ range: SizeRange, context: LayoutContext) -> Layout {
        let parent = Size(LayoutValidity.isValidForSize(range.max.width) ? range.max.width : .nan,
                          LayoutValidity.isValidForSize(range.max.height) ? range.max.height : .nan)
        let content = child.layoutThatFits(range, parentSize: parent, context: context)
        let badge = corner.layoutThatFits(range, parentSize: parent, context: context)

        let anchor = location.point(in: content.size)
        let cornerOrigin = Point(anchor.x - badge.size.width / 2, anchor.y - badge.size.height / 2) + offset
        guard wrapsCorner else {
            return Layout(element: "corner", size: content.size,
                          sublayouts: [content.positioned(at: .zero), badge.positioned(at: cornerOrigin)],
                          context: context)
        }
        let childFrame = Rect(origin: .zero, size: content.size)
        let union = childFrame.union(Rect(origin: cornerOrigin, size: badge.size))
        let shift = Point(-union.minX, -union.minY)
        return Layout(element: "corner", size: range.clamp(union.size),
                      sublayouts: [content.positioned(at: shift), badge.positioned(at: cornerOrigin + shift)],
                      context: context)
    }
}
