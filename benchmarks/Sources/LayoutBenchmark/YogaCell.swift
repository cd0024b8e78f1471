import CYoga
import LayoutCore

/// ``FixedLeafPhotoCell`` as a Yoga tree, written the way a Yoga user would: Texture's inset
/// specs become padding on the container (header, footer) or margins on the child (avatar), the
/// ratio spec becomes `aspectRatio`, the spacer a `flexGrow` node, `spacingBefore` and the
/// footer stack's spacing leading margins.
enum YogaCell {
    static func build(width: Double) -> YGNodeRef {
        typealias M = CellMetrics
        let h = Float(M.horizontalBuffer)
        let v = Float(M.verticalBuffer)
        let root = YogaTree.node(YGFlexDirectionColumn)
        YGNodeStyleSetWidth(root, Float(width))
        YGNodeStyleSetAlignItems(root, YGAlignStretch)

        let header = YogaTree.node(YGFlexDirectionRow)
        YGNodeStyleSetAlignItems(header, YGAlignCenter)
        YGNodeStyleSetJustifyContent(header, YGJustifyFlexStart)
        YGNodeStyleSetPadding(header, YGEdgeLeft, h)
        YGNodeStyleSetPadding(header, YGEdgeRight, h)

        let avatar = YogaTree.leaf(M.avatar)
        YGNodeStyleSetMargin(avatar, YGEdgeTop, h)
        YGNodeStyleSetMargin(avatar, YGEdgeBottom, h)
        YGNodeStyleSetMargin(avatar, YGEdgeRight, h)
        YogaTree.append(avatar, to: header)

        let names = YogaTree.node(YGFlexDirectionColumn)
        YGNodeStyleSetFlexShrink(names, 1)
        YGNodeStyleSetAlignItems(names, YGAlignStretch)
        YogaTree.append(YogaTree.leaf(M.userName), to: names)
        YogaTree.append(YogaTree.leaf(M.location), to: names)
        YogaTree.append(names, to: header)

        let spacer = YogaTree.node()
        YGNodeStyleSetFlexGrow(spacer, 1)
        YogaTree.append(spacer, to: header)

        let time = YogaTree.leaf(M.time)
        YGNodeStyleSetMargin(time, YGEdgeLeft, Float(M.timeSpacingBefore))
        YogaTree.append(time, to: header)
        YogaTree.append(header, to: root)

        let photo = YogaTree.node()
        YGNodeStyleSetAspectRatio(photo, 1)
        YogaTree.append(photo, to: root)

        let footer = YogaTree.node(YGFlexDirectionColumn)
        YGNodeStyleSetAlignItems(footer, YGAlignStretch)
        YGNodeStyleSetPadding(footer, YGEdgeTop, v)
        YGNodeStyleSetPadding(footer, YGEdgeBottom, v)
        YGNodeStyleSetPadding(footer, YGEdgeLeft, h)
        YGNodeStyleSetPadding(footer, YGEdgeRight, h)
        YogaTree.append(YogaTree.leaf(M.likes), to: footer)
        // The footer stack's spacing: a leading margin on every child after the first.
        let description = YogaTree.leaf(M.description)
        YGNodeStyleSetMargin(description, YGEdgeTop, v)
        YogaTree.append(description, to: footer)
        YogaTree.append(footer, to: root)
        return root
    }

    /// Child paths of ``CellMetrics/leafNames``, in that order.
    static let leafPaths: [[Int]] = [[0, 0], [0, 1, 0], [0, 1, 1], [0, 3], [1], [2, 0], [2, 1]]

    /// Absolute frames of the leaves after layout, keyed by leaf name.
    static func leafFrames(_ root: YGNodeRef) -> [String: Rect] {
        var frames: [String: Rect] = [:]
        for (name, path) in zip(CellMetrics.leafNames, leafPaths) {
            frames[name] = YogaTree.frame(root, path: path)
        }
        frames["cell"] = YogaTree.frame(root, path: [])
        return frames
    }

    static var workload: (Double) -> Workload {
        { width in
            Workload(
                build: { AnyTree(value: build(width: width)) },
                layout: { tree in
                    let root = tree.value as! YGNodeRef
                    YogaTree.calculate(root, width: width)
                    return Double(YGNodeLayoutGetHeight(root))
                },
                free: { tree in YGNodeFreeRecursive((tree.value as! YGNodeRef)) }
            )
        }
    }
}
