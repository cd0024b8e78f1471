import CYoga
import LayoutCore

/// The 10,000-node tree as Yoga nodes: a column of rows, each row a `flexDirection: row`
/// node with stretch alignment (Texture's default), no wrap, flexShrink 0 everywhere.
enum YogaGrid {
    static func build() -> YGNodeRef {
        let root = YogaTree.node(YGFlexDirectionColumn)
        YGNodeStyleSetWidth(root, Float(GridMetrics.width))
        YGNodeStyleSetAlignItems(root, YGAlignStretch)
        for row in 0..<GridMetrics.rows {
            let line = YogaTree.node(YGFlexDirectionRow)
            YGNodeStyleSetAlignItems(line, YGAlignStretch)
            for column in 0..<GridMetrics.columns {
                YGNodeInsertChild(line, YogaTree.leaf(GridMetrics.leafSize(row: row, column: column)), column)
            }
            YGNodeInsertChild(root, line, row)
        }
        return root
    }

    /// Absolute frames of every leaf (and "root"), keyed by leaf name.
    static func leafFrames(_ root: YGNodeRef) -> [String: Rect] {
        var frames: [String: Rect] = ["root": YogaTree.frame(root, path: [])]
        for row in 0..<GridMetrics.rows {
            for column in 0..<GridMetrics.columns {
                frames[GridMetrics.leafName(row: row, column: column)] = YogaTree.frame(root, path: [row, column])
            }
        }
        return frames
    }

    static var workload: Workload {
        Workload(
            build: { AnyTree(value: build()) },
            layout: { tree in
                let root = tree.value as! YGNodeRef
                YogaTree.calculate(root, width: GridMetrics.width)
                return Double(YGNodeLayoutGetHeight(root))
            },
            free: { tree in YGNodeFreeRecursive((tree.value as! YGNodeRef)) }
        )
    }
}
