import LayoutCore
import NodeKit

/// ASDKgram's photo cell shape with fixed-size leaves instead of text (text nodes live on
/// branch `text`, not merged here): a header row (avatar, name over location, flexible spacer,
/// age), the photo at 1:1, and a footer (likes, a 3-line description, comments) in insets.
/// Leaf sizes vary with `seed` so cells differ, as feed cells do.
final class BenchPhotoCell: CellNode, @unchecked Sendable {
    // @unchecked: the leaves are immutable references to lock-protected nodes.
    private let avatar: DisplayNode
    private let userName: DisplayNode
    private let location: DisplayNode
    private let age: DisplayNode
    private let photo: DisplayNode
    private let likes: DisplayNode
    private let details: DisplayNode
    private let comments: DisplayNode

    init(index: Int) {
        func leaf(_ name: String, _ width: Double, _ height: Double) -> DisplayNode {
            DisplayNode(id: LayoutElementID(name)).styled { $0.preferredSize = Size(width, height) }
        }
        let lines = Double(index % 3 + 1)
        avatar = leaf("avatar", 30, 30)
        userName = leaf("name", 80 + Double(index % 50), 17)
        location = leaf("location", 60 + Double(index % 70), 14)
        age = leaf("age", 24, 14)
        photo = DisplayNode(id: LayoutElementID("photo"))
        likes = leaf("likes", 70, 17)
        details = leaf("details", 340, 17 * lines)
        comments = leaf("comments", 300, 17 * Double(index % 4))
        super.init(id: LayoutElementID("cell-\(index)"))
    }

    override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        var spacerStyle = LayoutStyle()
        spacerStyle.flexGrow = 1
        let names = StackLayoutSpec.vertical(spacing: 2, children: [userName, location])
        let header = StackLayoutSpec.horizontal(spacing: 8, alignItems: .center, children: [
            avatar, names, SpacerLayoutSpec(style: spacerStyle), age,
        ])
        let footer = StackLayoutSpec.vertical(spacing: 6, children: [likes, details, comments])
        return StackLayoutSpec.vertical(children: [
            InsetLayoutSpec(insets: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12), child: header),
            RatioLayoutSpec(ratio: 1, child: photo),
            InsetLayoutSpec(insets: EdgeInsets(top: 8, left: 12, bottom: 12, right: 12), child: footer),
        ])
    }
}
