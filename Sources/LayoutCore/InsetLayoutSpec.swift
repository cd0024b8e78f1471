/// Places its child inside the given insets (Texture's `ASInsetLayoutSpec`, semantics §3.2).
///
/// The spec ignores its own style size: it measures from the constraint and parent size it is
/// given, as Texture's does. Its style still matters to a parent stack (flexGrow, …).
///
/// An **infinite** inset means "push the child to the opposite edge": the child keeps its
/// intrinsic size on that axis (its minimum becomes 0), the spec becomes as large as the
/// constraint's max, and the child sits at the other edge, or in the middle (rounded to the
/// pixel grid) when both insets of the axis are infinite. Positions are computed against the
/// constraint's max, not the final size. With an infinite max on such an axis the size is not
/// finite, and the layout collapses to zero as Texture's release builds do: avoid it.
///
/// ```swift
/// let padded = InsetLayoutSpec(insets: EdgeInsets(all: 8), child: avatar)
/// let pinnedRight = InsetLayoutSpec(insets: EdgeInsets(left: .infinity), child: badge)
/// ```
public struct InsetLayoutSpec: LayoutElement, Sendable {
    public var style: LayoutStyle
    public var insets: EdgeInsets
    public var child: any LayoutElement

    @inlinable
    public init(insets: EdgeInsets, child: any LayoutElement, style: LayoutStyle = LayoutStyle()) {
        self.insets = insets
        self.child = child
        self.style = style
    }

    public func layoutThatFits(_ range: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        let left = insets.left, right = insets.right, top = insets.top, bottom = insets.bottom
        // Infinite insets take no room; they only decide where the child goes.
        let insetX = finiteOrZero(left) + finiteOrZero(right)
        let insetY = finiteOrZero(top) + finiteOrZero(bottom)
        let minWidth = left.isInfinite || right.isInfinite ? 0 : range.min.width
        let minHeight = top.isInfinite || bottom.isInfinite ? 0 : range.min.height
        let childRange = SizeRange(
            min: Size(Swift.max(0, minWidth - insetX), Swift.max(0, minHeight - insetY)),
            max: Size(Swift.max(0, range.max.width - insetX), Swift.max(0, range.max.height - insetY)))
        // `Swift.max(0, NaN)` is 0, like Texture's `MAX`: an undefined parent becomes 0 here.
        let childParent = Size(Swift.max(0, parentSize.width - insetX), Swift.max(0, parentSize.height - insetY))
        let sublayout = child.layoutThatFits(childRange, parentSize: childParent, context: context)
        let childSize = sublayout.size

        let size = range.clamp(Size(
            finiteOr(childSize.width + left + right, range.max.width),
            finiteOr(childSize.height + top + bottom, range.max.height)))
        let x = Self.origin(leading: left, trailing: right, extent: range.max.width, child: childSize.width,
                            scale: context.scale)
        let y = Self.origin(leading: top, trailing: bottom, extent: range.max.height, child: childSize.height,
                            scale: context.scale)
        return Layout(element: "inset", size: size, sublayouts: [sublayout.positioned(at: Point(x, y))],
                      context: context)
    }

    /// The leading inset when finite; otherwise measured back from the far edge, by the
    /// trailing inset or, when that is infinite too, by half the free space (rounded).
    @inline(__always)
    static func origin(leading: Double, trailing: Double, extent: Double, child: Double, scale: Double) -> Double {
        if leading.isFinite { return leading }
        let trailingSpace = trailing.isFinite ? trailing : PixelSnapping.round((extent - child) / 2, scale: scale)
        return extent - (trailingSpace + child)
    }
}

@inline(__always)
private func finiteOrZero(_ value: Double) -> Double {
    value.isInfinite ? 0 : value
}

@inline(__always)
private func finiteOr(_ value: Double, _ fallback: Double) -> Double {
    value.isInfinite ? fallback : value
}
