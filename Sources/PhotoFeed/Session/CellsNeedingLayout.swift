import NodeKit

/// The cells a completion invalidated while they were not loaded, waiting for their next layout
/// pass to hand the table their new height.
///
/// Texture's `setNeedsLayout` on a node that is not loaded only invalidates its layout (it bumps
/// the layout version: `ASDisplayNode+UIViewBridge.mm` 475–477, `ASDisplayNode.mm` 981–984); no
/// layout pass runs, so nothing tells the table. The new size reaches the table at the cell's
/// next layout pass (`_u_setNeedsLayoutFromAbove` → `ASCellNode`'s `nodeDidInvalidateSize` →
/// `ASTableView`'s relayout) or its next row-height query. In a session a cell is *loaded* while
/// its interface state includes ``InterfaceState/display`` (``isLoaded(_:)``), so a waiting cell
/// is laid out as it enters the display range, which is before, or at the latest as, it comes on
/// screen (the visible cells are in the display range).
///
/// ```swift
/// var waiting = CellsNeedingLayout()
/// waiting.insert(12)                      // cell 12's geocode ended beyond the display range
/// // …after each range update, cell 12 is laid out once it is in the display range:
/// let due = waiting.removeLoaded { CellsNeedingLayout.isLoaded(cell($0).interfaceState) }
/// ```
struct CellsNeedingLayout {
    private var cells: Set<Int> = []

    /// Whether a cell in `state` is loaded: in the display range (with it, Texture has the cell's
    /// view, whose layer draws its contents ahead); beyond it, as off-screen cells are, it has
    /// none. Visible cells are in the display range, so a visible cell is always loaded.
    static func isLoaded(_ state: InterfaceState) -> Bool {
        state.contains(.display)
    }

    /// Cells waiting.
    var count: Int { cells.count }
    var isEmpty: Bool { cells.isEmpty }

    /// Records that the cell at `index` was invalidated while not loaded.
    mutating func insert(_ index: Int) {
        cells.insert(index)
    }

    /// Forgets the cell at `index` (it is being laid out now).
    mutating func remove(_ index: Int) {
        cells.remove(index)
    }

    /// Removes and returns, ascending, the waiting cells that `isLoaded` says are loaded now.
    mutating func removeLoaded(_ isLoaded: (Int) -> Bool) -> [Int] {
        guard !cells.isEmpty else { return [] }
        let loaded = cells.filter(isLoaded).sorted()
        cells.subtract(loaded)
        return loaded
    }
}
