import LayoutCore
import LayoutTestSupport
import NodeKit

/// Texture's `ASDisplayNodeWithBackgroundColor(color, size)`: a plain node whose style width and
/// height are `width` and `height` points.
public func node(_ id: LayoutElementID, _ width: Double, _ height: Double) -> DisplayNode {
    DisplayNode(id: id).styled { $0.preferredSize = Size(width, height) }
}

/// A plain node with no style sizes (Texture's default manual sizing).
public func plainNode(_ id: LayoutElementID) -> DisplayNode {
    DisplayNode(id: id)
}

/// Texture's snapshot harness (asserted-cases notation): a host node with no style whose spec is
/// `element`, measured with `layoutThatFits(range)` (parent size = `range.max`). The result's
/// `size` is the host's size and its sublayouts are the host's flattened node sublayouts.
public func measureHost(_ element: any LayoutElement, _ range: SizeRange,
                        context: LayoutContext = .scale2) -> Layout {
    let host = DisplayNode(id: "host")
    host.layoutSpecBlock = { _, _ in element }
    return host.layoutThatFits(range, context: context)
}
