import LayoutCore
import NodeKit
import PhotoFeed

/// The product's photo cell with fixed-size leaves in place of its text and image nodes, so that
/// Yoga can lay out the same boxes: its spec is ``PhotoCellNode/layoutSpec(avatar:userName:location:time:photo:photoRatio:likes:description:comments:)``
/// (the header, the photo at ratio 1 as before its image loads, the footer of likes and
/// description; no comments).
///
/// Every instance owns fresh leaves, so measuring a new cell never hits a node cache.
final class FixedLeafPhotoCell: DisplayNode, @unchecked Sendable {
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
        PhotoCellNode.layoutSpec(avatar: avatar, userName: userName, location: location, time: time, photo: photo,
                                 photoRatio: 1, likes: likes, description: details, comments: nil)
    }

    static func workload(width: Double, leaves: LeafKind = .nodes) -> Workload {
        let range = CellMetrics.range(width: width)
        let context = LayoutContext(scale: CellMetrics.scale)
        return Workload(
            build: { AnyTree(value: FixedLeafPhotoCell(leaves: leaves)) },
            layout: { tree in (tree.value as! FixedLeafPhotoCell).layoutThatFits(range, context: context).size.height },
            free: { _ in }
        )
    }
}
