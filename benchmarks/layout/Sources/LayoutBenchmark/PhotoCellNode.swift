import LayoutCore
import NodeKit

/// ASDKgram's `PhotoCellNode` with fixed-size leaf nodes: its `layoutSpecThatFits` builds the
/// same spec tree as the sample app (and Texture's "Automatic Subnode Management" page), plus
/// the time label and a footer stack of likes and description.
///
/// Every instance owns fresh leaf nodes, so measuring a new cell never hits a node cache.
final class PhotoCellNode: DisplayNode, @unchecked Sendable {
    // Immutable references to lock-protected nodes; the base class's lock guards the rest.
    let avatar = DisplayNode(id: "avatar").styled { $0.preferredSize = CellMetrics.avatar }
    let userName = DisplayNode(id: "userName").styled { $0.preferredSize = CellMetrics.userName }
    let location = DisplayNode(id: "location").styled { $0.preferredSize = CellMetrics.location }
    let time = DisplayNode(id: "time").styled {
        $0.preferredSize = CellMetrics.time
        $0.spacingBefore = CellMetrics.timeSpacingBefore
    }
    let photo = DisplayNode(id: "photo")
    let likes = DisplayNode(id: "likes").styled { $0.preferredSize = CellMetrics.likes }
    let details = DisplayNode(id: "description").styled { $0.preferredSize = CellMetrics.description }

    init() {
        super.init(id: "cell")
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let h = CellMetrics.horizontalBuffer
        let v = CellMetrics.verticalBuffer

        var nameStyle = LayoutStyle()
        nameStyle.flexShrink = 1
        let headerSubStack = StackLayoutSpec(direction: .vertical, children: [userName, location], style: nameStyle)

        var spacerStyle = LayoutStyle()
        spacerStyle.flexGrow = 1
        let spacer = SpacerLayoutSpec(style: spacerStyle)

        let avatarInset = InsetLayoutSpec(insets: EdgeInsets(top: h, left: 0, bottom: h, right: h), child: avatar)
        let headerStack = StackLayoutSpec(direction: .horizontal, justifyContent: .start, alignItems: .center,
                                          children: [avatarInset, headerSubStack, spacer, time])
        let header = InsetLayoutSpec(insets: EdgeInsets(top: 0, left: h, bottom: 0, right: h), child: headerStack)

        let photoSpec = RatioLayoutSpec(ratio: 1, child: photo)

        let footerStack = StackLayoutSpec(direction: .vertical, children: [likes, details])
        let footer = InsetLayoutSpec(insets: EdgeInsets(top: v, left: h, bottom: v, right: h), child: footerStack)

        return StackLayoutSpec(direction: .vertical, alignItems: .stretch, children: [header, photoSpec, footer])
    }

    static func workload(width: Double) -> Workload {
        let range = CellMetrics.range(width: width)
        let context = LayoutContext(scale: CellMetrics.scale)
        return Workload(
            build: { AnyTree(value: PhotoCellNode()) },
            layout: { tree in (tree.value as! PhotoCellNode).layoutThatFits(range, context: context).size.height },
            free: { _ in }
        )
    }
}
