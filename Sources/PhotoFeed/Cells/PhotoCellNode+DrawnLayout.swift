import LayoutCore
import NodeKit

extension PhotoCellNode {
    /// The ids of the cell's subnodes that lay out subnodes of their own: their frames in a
    /// drawn layout hold those subnodes' frames (`nodes`, possibly empty, in a result line).
    public static let nodesWithOwnLayouts: Set<LayoutElementID> = ["comments"]

    /// Every node the cell draws, with its frame: the cell's flattened layout for `range` at
    /// `context`, the comments node's sublayouts being its labels' frames, relative to it.
    ///
    /// Texture's flattened layout holds the cell's own subnodes only: the comments node lays out
    /// its labels in a layout of its own, at the size the cell gave it. A client draws those
    /// labels too, so the layout the cache and the API give nests them under the comments node.
    ///
    /// ```swift
    /// let layout = cell.drawnLayout(fitting: FeedController.sizeRange(width: 375), context: .retina)
    /// // layout.sublayouts: avatar, userName, …, comments (sublayouts: comment0, comment1, …)
    /// ```
    public func drawnLayout(fitting range: SizeRange, context: LayoutContext) -> Layout {
        nestingOwnLayouts(in: layoutThatFits(range, context: context).flattened(context: context), context: context)
    }

    /// `flat` (this cell's flattened layout) with the comments node's labels as its sublayouts,
    /// laid out at the size `flat` gives the comments node. A layout that nests them already is
    /// returned unchanged.
    public func nestingOwnLayouts(in flat: Layout, context: LayoutContext) -> Layout {
        guard let index = flat.sublayouts.firstIndex(where: { $0.element == comments.id }),
              flat.sublayouts[index].sublayouts.isEmpty else { return flat }
        let size = flat.sublayouts[index].size
        let own = comments.layoutThatFits(SizeRange(exactly: size), parentSize: size, context: context)
        var nested = flat
        nested.sublayouts[index].sublayouts = own.flattened(context: context).sublayouts
        return nested
    }
}
