import FeedModel
import LayoutCore
import LayoutTestSupport
import NodeKit
import PhotoFeed
import StoreTestSupport
import Testing
import TextLayout

/// ASDKgram's photo cell at width 375, scale 2. DejaVu Sans 14 pt lines are 16.5 pt tall at
/// scale 2. The header is 50 high (avatar 30 + 10 above and below), the photo starts at y 50
/// and is always 375 square, the footer's first line 5 below the photo and 10 in; footer items
/// are 5 apart and the comments node (height 0 when empty) is always the last of them, with the
/// footer's 5 below it.
@Suite(.blockingWork) struct PhotoCellNodeTests {
    static let range = FeedController.sizeRange(width: 375)
    static let context = LayoutContext(scale: 2)

    static let base = PhotoCellModel(
        photoID: 1, userName: "Ana", avatarURL: "https://a.example/ana.jpg", uploadedAt: 0,
        referenceTime: 3 * 60_000, photoURL: "https://p.example/1.jpg", pixelWidth: 1080, pixelHeight: 1350,
        likes: 3, title: "Fog on the water.")

    static func layout(_ model: PhotoCellModel) -> (cell: PhotoCellNode, layout: Layout) {
        let cell = PhotoCellNode(model: model)
        return (cell, cell.layoutThatFits(range, context: context))
    }

    /// The width a one-line text node takes: its advance ceiled to the pixel grid.
    static func textWidth(_ string: String) -> Double {
        let text = AttributedText(string, attributes: TextAttributes(fontSize: 14))
        return PixelSnapping.ceil(TextMeasurer.shared.width(of: text), scale: 2)
    }

    @Test func framesWithoutLocationNoComments() {
        let (cell, layout) = Self.layout(Self.base)
        #expect(cell.userName.attributedText.string == "ana")
        #expect(cell.descriptionText.attributedText.string == "ana Fog on the water.")
        #expect(layout.size == Size(375, 478), "473 + an empty comments node + the footer's 5")
        #expect(layout.sublayouts.map(\.element)
            == ["avatar", "userName", "time", "photo", "likes", "description", "comments"])
        let nameWidth = Self.textWidth("ana"), timeWidth = Self.textWidth("3m")
        #expect(framesByID(layout) == [
            "avatar": Rect(10, 10, 30, 30),
            // A 16.5-high column centred in the 50-high row: floor((50 − 16.5) / 2) at 2x = 16.5.
            "userName": Rect(50, 16.5, nameWidth, 16.5),
            // Pushed to the right edge by the spacer.
            "time": Rect(365 - timeWidth, 16.5, timeWidth, 16.5),
            "photo": Rect(0, 50, 375, 375),
            "likes": Rect(10, 430, 355, 16.5),
            "description": Rect(10, 451.5, 355, 16.5),
            "comments": Rect(10, 473, 355, 0),
        ])
    }

    @Test func framesWithLocation() {
        var model = Self.base
        model.locationName = "Germany"
        let (_, layout) = Self.layout(model)
        #expect(layout.size == Size(375, 478), "the 33-high column still fits the 50-high header")
        let columnWidth = max(Self.textWidth("ana"), Self.textWidth("Germany"))
        // The column is as wide as its widest child and stretches the other; centred at 8.5.
        #expect(framesByID(layout)["userName"] == Rect(50, 8.5, columnWidth, 16.5))
        #expect(framesByID(layout)["location"] == Rect(50, 25, columnWidth, 16.5))
        #expect(layout.sublayouts.map(\.element)
            == ["avatar", "userName", "location", "time", "photo", "likes", "description", "comments"])
    }

    @Test func loadedImageChangesNoLayout() {
        var model = Self.base
        model.isImageLoaded = true
        let (_, layout) = Self.layout(model)
        #expect(framesByID(layout)["photo"] == Rect(0, 50, 375, 375))
        #expect(framesByID(layout) == framesByID(Self.layout(Self.base).layout))
        #expect(layout.size == Size(375, 478))
    }

    @Test func manyCommentsShowACountAndTheLastThreeOfThePage() throws {
        let page = (1...5).map { CommentLine(authorName: "User\($0)", body: "Comment \($0)") }
        let item = try #require(try FeedTestStore.seeded().feedItems(photoIDs: [1])[1])
        var model = PhotoCellModel(item: item, commentPage: page, referenceTime: 0)
        #expect(model.comments == Array(page.suffix(3)))
        model = Self.base
        model.commentCount = 5
        model.comments = Array(page.suffix(3))
        let (cell, layout) = Self.layout(model)
        #expect(cell.comments.labelTexts
            == ["View all 5 comments", "user3 Comment 3", "user4 Comment 4", "user5 Comment 5"])
        #expect(cell.comments.labels.map(\.id) == ["comment0", "comment1", "comment2", "comment3"])
        // Four one-line labels 5 apart: 4 × 16.5 + 3 × 5.
        #expect(framesByID(layout)["comments"] == Rect(10, 473, 355, 81))
        #expect(layout.size == Size(375, 473 + 81 + 5))
        let own = cell.comments.layoutThatFits(SizeRange(exactly: Size(355, 81)), parentSize: Size(355, 81),
                                               context: Self.context)
        #expect(own.flattened(context: Self.context).sublayouts.map(\.frame)
            == [Rect(0, 0, 355, 16.5), Rect(0, 21.5, 355, 16.5), Rect(0, 43, 355, 16.5), Rect(0, 64.5, 355, 16.5)])
    }

    @Test func threeCommentsNeedNoCountLine() {
        var model = Self.base
        model.commentCount = 3
        model.comments = [CommentLine(authorName: "Bo", body: "Nice"), CommentLine(authorName: "cy", body: "Wow"),
                          CommentLine(authorName: "di", body: "Yes")]
        #expect(model.commentLabels == ["bo Nice", "cy Wow", "di Yes"])
        #expect(framesByID(Self.layout(model).layout)["comments"] == Rect(10, 473, 355, 59.5))
    }

    @Test func longDescriptionIsTruncatedAtThreeLines() {
        var model = Self.base
        model.title = FeedTestStore.longCaption
        let (cell, layout) = Self.layout(model)
        let lines = cell.descriptionText.lines
        #expect(lines.map(\.isTruncated) == [false, false, true])
        #expect(framesByID(layout)["description"] == Rect(10, 451.5, 355, 49))
        #expect(framesByID(layout)["comments"] == Rect(10, 505.5, 355, 0))
        #expect(layout.size == Size(375, 510.5))
        let unlimited = TextMeasurer.shared.measure(
            AttributedText(FeedTestStore.longCaption, attributes: TextAttributes(fontSize: 14)), maxWidth: 355,
            scale: 2)
        #expect(unlimited.lines.count > 3, "the caption really is longer than three lines")
    }

    @Test func subnodesFollowTheLayoutAfterUpdate() {
        let (cell, layout) = Self.layout(Self.base)
        cell.bounds = Rect(0, 0, layout.size.width, layout.size.height)
        cell.loadIfNeeded()
        cell.layoutIfNeeded()
        #expect(cell.subnodes.map(\.id)
            == ["avatar", "userName", "time", "photo", "likes", "description", "comments"])
        #expect(cell.location.supernode == nil)

        var geocoded = Self.base
        geocoded.locationName = "Germany"
        cell.update(geocoded)
        #expect(cell.needsLayout)
        cell.layoutIfNeeded()
        #expect(cell.subnodes.map(\.id)
            == ["avatar", "userName", "location", "time", "photo", "likes", "description", "comments"])
        #expect(cell.location.supernode === cell)
        let columnWidth = max(Self.textWidth("ana"), Self.textWidth("Germany"))
        #expect(cell.location.frame == Rect(50, 25, columnWidth, 16.5))
        #expect(cell.userName.frame == Rect(50, 8.5, columnWidth, 16.5))
    }

    @Test func updatingToAnEqualModelChangesNothing() {
        let (cell, layout) = Self.layout(Self.base)
        cell.bounds = Rect(0, 0, layout.size.width, layout.size.height)
        cell.layoutIfNeeded()
        #expect(!cell.needsLayout)
        cell.update(Self.base)
        #expect(!cell.needsLayout)
        var liked = Self.base
        liked.likes = 4
        cell.update(liked)
        #expect(cell.needsLayout)
        #expect(cell.likes.attributedText.string == "\u{2665}\u{FE0E} 4 likes")
    }

    /// `update` sets only what differs from the model shown; whichever field changes, the
    /// updated cell shows what a cell made from the new model shows.
    @Test(arguments: [
        "avatarURL", "photoURL", "userName", "locationName", "timeLabel", "likes", "description", "comments",
        "imageLoaded",
    ])
    func updatedCellMatchesANewCell(field: String) {
        var changed = Self.base
        switch field {
        case "avatarURL": changed.avatarURL = "https://a.example/ana-2.jpg"
        case "photoURL": changed.photoURL = "https://p.example/1b.jpg"
        case "userName": changed.userName = "ana.maria"
        case "locationName": changed.locationName = "Portugal"
        case "timeLabel": changed.referenceTime += 2 * 3_600_000
        case "likes": changed.likes = 1_204
        case "description": changed.title = "Fog on the water, and then the sun came out over the river."
        case "comments":
            changed.commentCount = 1
            changed.comments = [CommentLine(authorName: "bo", body: "lovely")]
        default: changed.isImageLoaded = true
        }
        let (cell, before) = Self.layout(Self.base)
        cell.update(changed)
        let updated = cell.layoutThatFits(Self.range, context: Self.context)
        let (fresh, expected) = Self.layout(changed)
        #expect(updated.size == expected.size && framesByID(updated) == framesByID(expected))
        let shown = { (cell: PhotoCellNode) in
            [cell.userName, cell.location, cell.time, cell.likes, cell.descriptionText]
                .map(\.attributedText.string) + cell.comments.labelTexts
                + [cell.avatar.url, cell.photo.url].map { $0?.absoluteString ?? "" }
        }
        #expect(shown(cell) == shown(fresh))
        #expect(shown(cell) != shown(Self.layout(Self.base).cell) || framesByID(updated) != framesByID(before)
                    || field == "imageLoaded", "the change is visible (an image changes no layout)")
    }}
