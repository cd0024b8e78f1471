import LayoutCore
import NodeKit
import PhotoFeed

/// The product's photo cell with fixed-size `DisplayNode` leaves in place of its text and image
/// nodes: its spec is ``PhotoCellNode/layoutSpec(avatar:userName:location:time:photo:photoRatio:likes:description:comments:)``.
/// Leaf sizes vary with `index` (name and location widths, 1–3 description lines, 0–3 comment
/// lines, absent at 0) so cells differ, as feed cells do.
final class FixedLeafPhotoCell: CellNode, @unchecked Sendable {
    // @unchecked: the leaves are immutable references to lock-protected nodes.
    private let avatar: DisplayNode
    private let userName: DisplayNode
    private let location: DisplayNode
    private let time: DisplayNode
    private let photo: DisplayNode
    private let likes: DisplayNode
    private let details: DisplayNode
    private let comments: DisplayNode?

    init(index: Int) {
        func leaf(_ name: String, _ width: Double, _ height: Double) -> DisplayNode {
            DisplayNode(id: LayoutElementID(name)).styled { $0.preferredSize = Size(width, height) }
        }
        let side = PhotoCellNode.userImageHeight
        avatar = leaf("avatar", side, side)
        userName = leaf("userName", 80 + Double(index % 50), 17)
        location = leaf("location", 60 + Double(index % 70), 14)
        time = leaf("time", 24, 14).styled { $0.spacingBefore = PhotoCellNode.horizontalBuffer }
        photo = DisplayNode(id: LayoutElementID("photo"))
        likes = leaf("likes", 70, 17)
        details = leaf("description", 340, 17 * Double(index % 3 + 1))
        comments = index % 4 == 0 ? nil : leaf("comments", 300, 17 * Double(index % 4))
        super.init(id: LayoutElementID("cell-\(index)"))
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        PhotoCellNode.layoutSpec(avatar: avatar, userName: userName, location: location, time: time, photo: photo,
                                 photoRatio: 1, likes: likes, description: details, comments: comments)
    }
}
