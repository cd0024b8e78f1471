import Foundation
import LayoutCore
import NodeKit
import Synchronization
import TextLayout

/// ASDKgram's photo cell (docs/feed.md; the reference structure of ASDKgram's `PhotoCellNode`),
/// written with the DSL and automatic subnode management.
///
/// ```
/// header  inset(0,10,0,10) ─ horizontal stack, alignItems center:
///           avatar 30×30 in inset(10,0,10,10) · [userName, location?] (flexShrink 1)
///           · spacer (flexGrow 1) · time (spacingBefore 10)
/// photo   ratio 1: always square, whether its image has arrived or not
/// footer  inset(5,10,5,10) ─ vertical stack, spacing 5, alignItems stretch:
///           likes · description (≤ 3 lines) · comments (a ``CommentsNode``, always present)
/// ```
///
/// Every label is 14 pt in the regular weight. The location label is in the layout only once
/// geocoded; the subnodes follow the layout (automatic subnode management), so it joins the
/// cell at the next layout pass after ``update(_:)``. Node ids are stable: "avatar",
/// "userName", "location", "time", "photo", "likes", "description", "comments" (whose labels
/// are "comment0", "comment1", … inside it).
///
/// Thread safety: the model lives in a `Mutex`; the subnodes lock themselves.
public final class PhotoCellNode: CellNode, @unchecked Sendable {
    /// ASDKgram's constants.
    public static let userImageHeight = 30.0
    public static let horizontalBuffer = 10.0
    public static let verticalBuffer = 5.0
    public static let fontSize = 14.0
    public static let descriptionMaximumLines = 3

    public let avatar: NetworkImageNode
    public let photo: NetworkImageNode
    public let userName: TextNode
    public let location: TextNode
    public let time: TextNode
    public let likes: TextNode
    public let descriptionText: TextNode
    public let comments: CommentsNode

    private let modelStorage: Mutex<PhotoCellModel>

    public init(model: PhotoCellModel, downloader: any ImageDownloading = StoreDrivenImageDownloader(),
                measurer: any TextMeasuring = TextMeasurer.shared) {
        avatar = NetworkImageNode(id: "avatar", downloader: downloader)
        photo = NetworkImageNode(id: "photo", downloader: downloader)
        userName = TextNode(id: "userName", measurer: measurer)
        location = TextNode(id: "location", maximumNumberOfLines: 1, measurer: measurer)
        time = TextNode(id: "time", measurer: measurer)
        likes = TextNode(id: "likes", measurer: measurer)
        descriptionText = TextNode(id: "description", maximumNumberOfLines: Self.descriptionMaximumLines,
                                   measurer: measurer)
        comments = CommentsNode(id: "comments", measurer: measurer)
        modelStorage = Mutex(model)
        super.init(id: "photoCell")
        automaticallyManagesSubnodes = true

        let side = Self.userImageHeight
        avatar.styled { $0.preferredSize = Size(side, side) }
        userName.styled { $0.flexShrink = 1 }
        location.styled { $0.flexShrink = 1 }
        time.styled { $0.spacingBefore = Self.horizontalBuffer }
        apply(model)
    }

    /// The model shown.
    public var model: PhotoCellModel { modelStorage.withLock { $0 } }

    /// Shows `model`: changes texts and URLs and marks the cell as needing layout (ASDKgram calls
    /// `setNeedsLayout` when the geocoder answers). An equal model changes nothing.
    public func update(_ model: PhotoCellModel) {
        let previous = modelStorage.withLock { current in
            defer { current = model }
            return current
        }
        guard previous != model else { return }
        apply(model, replacing: previous)
        setNeedsLayout()
    }

    /// Sets what `model` shows; with the `previous` model shown, only what differs from it (a
    /// sync completion changes one thing: parsing both URLs and rebuilding six texts for it cost
    /// more than the relayout's own text work). Labels are compared by what they are made from.
    private func apply(_ model: PhotoCellModel, replacing previous: PhotoCellModel? = nil) {
        func differs<Value: Equatable>(_ value: (PhotoCellModel) -> Value) -> Bool {
            previous.map { value($0) != value(model) } ?? true
        }
        if differs({ $0.avatarURL }) { avatar.setURL(URL(string: model.avatarURL)) }
        if differs({ $0.photoURL }) { photo.setURL(URL(string: model.photoURL)) }
        if differs({ $0.userName }) { userName.attributedText = Self.text(model.userNameLabel) }
        if differs({ $0.locationName }) {
            location.attributedText = model.locationName.map { Self.text($0) } ?? AttributedText()
        }
        if differs({ $0.uploadedAt }) || differs({ $0.referenceTime }) { time.attributedText = Self.text(model.timeLabel) }
        if differs({ $0.likes }) { likes.attributedText = Self.text(model.likesLabel) }
        if differs({ $0.userName }) || differs({ $0.title }) {
            descriptionText.attributedText = Self.text(model.descriptionLabel)
        }
        if differs({ $0.commentCount }) || differs({ $0.comments }) { comments.update(labels: model.commentLabels) }
    }

    /// `string` in the cells' font: 14 pt, regular weight.
    static func text(_ string: String) -> AttributedText {
        string.isEmpty ? AttributedText() : AttributedText(string, attributes: TextAttributes(fontSize: fontSize))
    }

    // MARK: - Layout

    public override func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        let model = self.model
        // ASDKgram's photo is always square, and its footer always holds likes, the description
        // and the comments node (an empty one still takes its spacing).
        return Self.layoutSpec(avatar: avatar, userName: userName,
                               location: model.locationName != nil ? location : nil, time: time,
                               photo: photo, photoRatio: 1, likes: likes,
                               description: descriptionText, comments: comments)
    }

    /// The cell's spec tree (the diagram above) over any leaves: this cell's nodes, or the
    /// fixed-size leaves of the benchmarks that time the same structure. A nil leaf is absent
    /// from the layout. The leaves bring their own styles (the avatar's size, the time's
    /// `spacingBefore`).
    public static func layoutSpec(avatar: any LayoutElement, userName: any LayoutElement,
                                  location: (any LayoutElement)?, time: any LayoutElement,
                                  photo: any LayoutElement, photoRatio: Double, likes: any LayoutElement,
                                  description: (any LayoutElement)?,
                                  comments: (any LayoutElement)?) -> StackLayoutSpec {
        let h = horizontalBuffer, v = verticalBuffer
        return StackLayoutSpec.vertical(spacing: 0, justifyContent: .start, alignItems: .stretch) {
            StackLayoutSpec.horizontal(justifyContent: .start, alignItems: .center) {
                avatar.padding(EdgeInsets(top: h, left: 0, bottom: h, right: h))
                StackLayoutSpec.vertical(alignItems: .stretch) {
                    userName
                    if let location { location }
                }
                .flexShrink(1)
                SpacerLayoutSpec().flexGrow(1)
                time
            }
            .padding(EdgeInsets(top: 0, left: h, bottom: 0, right: h))
            photo.ratio(photoRatio)
            StackLayoutSpec.vertical(spacing: v, alignItems: .stretch) {
                likes
                if let description { description }
                if let comments { comments }
            }
            .padding(EdgeInsets(top: v, left: h, bottom: v, right: h))
        }
    }
}
