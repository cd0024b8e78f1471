import LayoutCore
import NodeKit

/// ASDKgram's `PhotoCellNode` with fixed-size leaf nodes: its `layoutSpecThatFits` builds the
/// same spec tree as the sample app (and Texture's "Automatic Subnode Management" page), plus
/// the time label and a footer stack of likes and description.
///
/// Every instance owns fresh leaf nodes, so measuring a new cell never hits a node cache.
final class PhotoCellNode: DisplayNode, @unchecked Sendable {
    // Immutable after init; the leaves are Sendable (lock-protected nodes or values).
    let avatar: any LayoutElement
    let userName: any LayoutElement
    let location: any LayoutElement
    let time: any LayoutElement
    let photo: any LayoutElement
    let likes: any LayoutElement
    let details: any LayoutElement

    /// A cell whose leaves are `leaves`. The photo has no preferred size (a plain node, or a
    /// value leaf without one): its ratio spec sizes it.
    init(leaves: LeafKind = .nodes) {
        typealias M = CellMetrics
        avatar = leaves.leaf("avatar", M.avatar)
        userName = leaves.leaf("userName", M.userName)
        location = leaves.leaf("location", M.location)
        time = leaves.leaf("time", M.time) { $0.spacingBefore = M.timeSpacingBefore }
        photo = switch leaves {
        case .nodes: DisplayNode(id: "photo")
        case .values: FixedLeaf(id: "photo", style: LayoutStyle())
        }
        likes = leaves.leaf("likes", M.likes)
        details = leaves.leaf("description", M.description)
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

    static func workload(width: Double, leaves: LeafKind = .nodes) -> Workload {
        let range = CellMetrics.range(width: width)
        let context = LayoutContext(scale: CellMetrics.scale)
        return Workload(
            build: { AnyTree(value: PhotoCellNode(leaves: leaves)) },
            layout: { tree in (tree.value as! PhotoCellNode).layoutThatFits(range, context: context).size.height },
            free: { _ in }
        )
    }
}
