import FeedStore
import LayoutCore
import NodeKit
import PhotoFeed
import Testing
import LayoutTestSupport
import StoreTestSupport
import TextLayout

/// ASDKgram's photo cell at width 375, scale 2. DejaVu Sans 14 pt lines are 16.5 pt tall at
/// scale 2. The header is 50 high (avatar 30 + 10 above and below), the photo starts at y 50,
/// the footer's first line 5 below the photo and 10 in; footer items are 5 apart.
@Suite struct PhotoCellNodeTests {
    static let range = FeedController.sizeRange(width: 375)
    static let context = LayoutContext(scale: 2)

    static let base = PhotoCellModel(
        photoID: 1, userName: "ana", avatarURL: "https://a.example/ana.jpg", uploadedAt: 0,
        referenceTime: 3 * 60_000, photoURL: "https://p.example/1.jpg", pixelWidth: 1080, pixelHeight: 1350,
        likes: 3, description: "Fog on the water.")

    static func layout(_ model: PhotoCellModel) -> (cell: PhotoCellNode, layout: Layout) {
        let cell = PhotoCellNode(model: model)
        return (cell, cell.layoutThatFits(range, context: context))
    }

    /// The width a one-line text node takes: its advance ceiled to the pixel grid.
    static func textWidth(_ string: String, bold: Bool = false) -> Double {
        let text = AttributedText(string, attributes: TextAttributes(fontSize: 14, fontWeight: bold ? .bold : .regular))
        return PixelSnapping.ceil(TextMeasurer.shared.width(of: text), scale: 2)
    }

    @Test func framesWithoutLocationUnloadedImageNoComments() {
        let (_, layout) = Self.layout(Self.base)
        #expect(layout.size == Size(375, 473))
        #expect(layout.sublayouts.map(\.element) == ["avatar", "userName", "time", "photo", "likes", "description"])
        let nameWidth = Self.textWidth("ana", bold: true), timeWidth = Self.textWidth("3m")
        #expect(nameWidth == 29 && timeWidth == 23)
        #expect(framesByID(layout) == [
            "avatar": Rect(10, 10, 30, 30),
            // A 16.5-high column centred in the 50-high row: floor((50 − 16.5) / 2) at 2x = 16.5.
            "userName": Rect(50, 16.5, nameWidth, 16.5),
            // Pushed to the right edge by the spacer: 375 − 10 − 23.
            "time": Rect(342, 16.5, timeWidth, 16.5),
            "photo": Rect(0, 50, 375, 375),
            "likes": Rect(10, 430, 355, 16.5),
            "description": Rect(10, 451.5, 355, 16.5),
        ])
    }

    @Test func framesWithLocation() {
        var model = Self.base
        model.locationName = "Berlin, Germany"
        let (_, layout) = Self.layout(model)
        #expect(layout.size == Size(375, 473), "the 33-high column still fits the 50-high header")
        let locationWidth = Self.textWidth("Berlin, Germany")
        #expect(locationWidth == 114)
        // The column is as wide as its widest child and stretches the other; centred at 8.5.
        #expect(framesByID(layout)["userName"] == Rect(50, 8.5, 114, 16.5))
        #expect(framesByID(layout)["location"] == Rect(50, 25, 114, 16.5))
        #expect(layout.sublayouts.map(\.element)
            == ["avatar", "userName", "location", "time", "photo", "likes", "description"])
    }

    @Test func loadedNonSquareImageTakesItsRatio() {
        var model = Self.base
        model.isImageLoaded = true
        let (_, layout) = Self.layout(model)
        // 1350 / 1080 = 1.25 of 375 = 468.75, which the ratio spec floors to the 2x grid.
        #expect(framesByID(layout)["photo"] == Rect(0, 50, 375, 468.5))
        #expect(framesByID(layout)["likes"] == Rect(10, 523.5, 355, 16.5))
        #expect(framesByID(layout)["description"] == Rect(10, 545, 355, 16.5))
        #expect(layout.size == Size(375, 566.5))
    }

    @Test func severalCommentsShowACountAndTwoLines() {
        var model = Self.base
        model.commentCount = 5
        model.firstComments = [CommentLine(authorName: "bo", body: "Beautiful!"),
                               CommentLine(authorName: "chen", body: "Where is this?")]
        let (cell, layout) = Self.layout(model)
        #expect(cell.comments.lines.count == 3)
        #expect(model.commentLines == ["View all 5 comments", "bo Beautiful!", "chen Where is this?"])
        #expect(framesByID(layout)["comments"] == Rect(10, 473, 355, 49))
        #expect(layout.size == Size(375, 527))
    }

    @Test func twoCommentsNeedNoCountLine() {
        var model = Self.base
        model.commentCount = 1
        model.firstComments = [CommentLine(authorName: "bo", body: "Nice")]
        #expect(model.commentLines == ["bo Nice"])
        #expect(framesByID(Self.layout(model).layout)["comments"] == Rect(10, 473, 355, 16.5))
    }

    @Test func longDescriptionIsTruncatedAtThreeLines() {
        var model = Self.base
        model.description = FeedTestStore.longCaption
        let (cell, layout) = Self.layout(model)
        let lines = cell.descriptionText.lines
        #expect(lines.map(\.isTruncated) == [false, false, true])
        #expect(framesByID(layout)["description"] == Rect(10, 451.5, 355, 49))
        #expect(layout.size == Size(375, 505.5))
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
        #expect(cell.subnodes.map(\.id) == ["avatar", "userName", "time", "photo", "likes", "description"])
        #expect(cell.location.supernode == nil)

        var geocoded = Self.base
        geocoded.locationName = "Berlin, Germany"
        cell.update(geocoded)
        #expect(cell.needsLayout)
        cell.layoutIfNeeded()
        #expect(cell.subnodes.map(\.id)
            == ["avatar", "userName", "location", "time", "photo", "likes", "description"])
        #expect(cell.location.supernode === cell)
        #expect(cell.location.frame == Rect(50, 25, 114, 16.5))
        #expect(cell.userName.frame == Rect(50, 8.5, 114, 16.5))
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
        #expect(cell.likes.attributedText.string == "4 likes")
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
        case "locationName": changed.locationName = "Lisbon, Portugal"
        case "timeLabel": changed.referenceTime += 2 * 3_600_000
        case "likes": changed.likes = 1_204
        case "description": changed.description = "Fog on the water, and then the sun came out over the river."
        case "comments":
            changed.commentCount = 1
            changed.firstComments = [CommentLine(authorName: "bo", body: "lovely")]
        default: changed.isImageLoaded = true
        }
        let (cell, before) = Self.layout(Self.base)
        cell.update(changed)
        let updated = cell.layoutThatFits(Self.range, context: Self.context)
        let (fresh, expected) = Self.layout(changed)
        #expect(updated.size == expected.size && framesByID(updated) == framesByID(expected))
        let shown = { (cell: PhotoCellNode) in
            [cell.userName, cell.location, cell.time, cell.likes, cell.descriptionText, cell.comments]
                .map(\.attributedText.string) + [cell.avatar.url, cell.photo.url].map { $0?.absoluteString ?? "" }
        }
        #expect(shown(cell) == shown(fresh))
        #expect(shown(cell) != shown(Self.layout(Self.base).cell) || framesByID(updated) != framesByID(before),
                "the change is visible")
    }

    @Test(arguments: [
        (0, "0s"), (5_000, "5s"), (59_999, "59s"), (3 * 60_000, "3m"), (2 * 3_600_000, "2h"),
        (4 * 86_400_000, "4d"), (3 * 604_800_000, "3w"), (-10_000, "0s"),
    ] as [(Int64, String)])
    func timeLabel(elapsed: Int64, label: String) {
        var model = Self.base
        model.uploadedAt = 1_000_000_000
        model.referenceTime = 1_000_000_000 + elapsed
        #expect(model.timeLabel == label)
    }

    @Test func likesLabelAndRatio() {
        var model = Self.base
        #expect(model.likesLabel == "3 likes")
        model.likes = 1
        #expect(model.likesLabel == "1 like")
        #expect(model.photoRatio == 1)
        model.isImageLoaded = true
        #expect(model.photoRatio == 1.25)
    }
}
