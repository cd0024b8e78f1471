import LayoutCore
import NodeKit

/// The 10,000-node tree on our side: a root node whose spec is a vertical stack of 1,000
/// horizontal stacks of 9 fixed leaves. Leaves are either display nodes or ``FixedLeaf``
/// values; the spec tree is built inside `layoutSpecThatFits`, as Texture does.
final class GridNode: DisplayNode, @unchecked Sendable {
    // Immutable after init; the elements are Sendable.
    let rows: [[any LayoutElement]]

    init(leaves: LeafKind) {
        var rows: [[any LayoutElement]] = []
        rows.reserveCapacity(GridMetrics.rows)
        for row in 0..<GridMetrics.rows {
            var line: [any LayoutElement] = []
            line.reserveCapacity(GridMetrics.columns)
            for column in 0..<GridMetrics.columns {
                let id = LayoutElementID(GridMetrics.leafName(row: row, column: column))
                let size = GridMetrics.leafSize(row: row, column: column)
                line.append(leaves.leaf(id, size))
            }
            rows.append(line)
        }
        self.rows = rows
        super.init(id: "root")
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        var lines: [any LayoutElement] = []
        lines.reserveCapacity(rows.count)
        for row in rows {
            lines.append(StackLayoutSpec(direction: .horizontal, alignItems: .stretch, children: row))
        }
        return StackLayoutSpec(direction: .vertical, alignItems: .stretch, children: lines)
    }

    static func workload(leaves: LeafKind) -> Workload {
        let context = LayoutContext(scale: CellMetrics.scale)
        return Workload(
            build: { AnyTree(value: GridNode(leaves: leaves)) },
            layout: { tree in
                (tree.value as! GridNode).layoutThatFits(GridMetrics.range, context: context).size.height
            },
            free: { _ in }
        )
    }
}
