import CYoga
import LayoutCore

/// Small helpers over Yoga's C API shared by the Yoga trees.
enum YogaTree {
    /// One config for every Yoga tree: Yoga's defaults (not web defaults) at the benchmark scale.
    nonisolated(unsafe) static let config: YGConfigRef = {
        let config = YGConfigNew()!
        YGConfigSetUseWebDefaults(config, false)
        YGConfigSetPointScaleFactor(config, Float(CellMetrics.scale))
        return config
    }()

    /// A node with Texture's flex defaults made explicit: flexShrink 0, no wrap.
    @inline(__always)
    static func node(_ direction: YGFlexDirection = YGFlexDirectionColumn) -> YGNodeRef {
        let node = YGNodeNewWithConfig(config)!
        YGNodeStyleSetFlexDirection(node, direction)
        YGNodeStyleSetFlexShrink(node, 0)
        YGNodeStyleSetFlexWrap(node, YGWrapNoWrap)
        return node
    }

    /// A fixed-size leaf.
    @inline(__always)
    static func leaf(_ size: Size) -> YGNodeRef {
        let node = node()
        YGNodeStyleSetWidth(node, Float(size.width))
        YGNodeStyleSetHeight(node, Float(size.height))
        return node
    }

    @inline(__always)
    static func append(_ child: YGNodeRef, to parent: YGNodeRef) {
        YGNodeInsertChild(parent, child, YGNodeGetChildCount(parent))
    }

    /// Lays the tree out for a width and an unbounded height, left to right.
    @inline(__always)
    static func calculate(_ root: YGNodeRef, width: Double) {
        YGNodeCalculateLayout(root, Float(width), Float.nan, YGDirectionLTR)
    }

    /// The frame of the node reached from `root` by child `path`, relative to `root`.
    static func frame(_ root: YGNodeRef, path: [Int]) -> Rect {
        var node = root
        var x = 0.0
        var y = 0.0
        for index in path {
            node = YGNodeGetChild(node, index)!
            x += Double(YGNodeLayoutGetLeft(node))
            y += Double(YGNodeLayoutGetTop(node))
        }
        return Rect(x, y, Double(YGNodeLayoutGetWidth(node)), Double(YGNodeLayoutGetHeight(node)))
    }
}
