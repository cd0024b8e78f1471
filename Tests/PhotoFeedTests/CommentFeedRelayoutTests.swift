import FeedModel
import FeedSync
import LayoutCore
import PhotoFeed
import StoreTestSupport
import LayoutTestSupport
import Testing

/// ASDKgram's comment feed: a photo's comments are not in its cell until its comment-feed job has
/// completed; then the comments node fills and the cell lays out again for every cached size
/// range and scale.
@Suite(.blockingWork) struct CommentFeedRelayoutTests {
    static let reference = FeedTestStore.newest

    @Test func aModelHasNoCommentsUntilTheCommentFeedHasLoaded() throws {
        let store = try FeedTestStore.seeded()
        // Photo 2 gets two comments; its comment feed has not loaded.
        for id in Int64(10)...11 {
            try store.save(Comment(id: id, photoID: 2, authorID: 3, body: "Nice \(id)", createdAt: Self.reference + id))
        }
        var item = try #require(try store.feedItems(photoIDs: [2])[2])
        let page = [CommentLine(authorName: "chen", body: "Nice 10"), CommentLine(authorName: "chen", body: "Nice 11")]
        let before = PhotoCellModel(item: item, commentPage: page, referenceTime: Self.reference)
        #expect(before.commentCount == 0 && before.comments.isEmpty && before.commentLabels.isEmpty)
        item.photo.commentsLoaded = true
        let after = PhotoCellModel(item: item, commentPage: page, referenceTime: Self.reference)
        #expect(after.commentCount == 2 && after.commentLabels == ["chen Nice 10", "chen Nice 11"])
    }

    @Test func theCommentFeedsCompletionRelayoutsTheCachedSizeRanges() throws {
        let store = try FeedTestStore.seeded()
        for id in Int64(10)...11 {
            try store.save(Comment(id: id, photoID: 2, authorID: 3, body: "Nice \(id)", createdAt: Self.reference + id))
        }
        let controller = try FeedController(store: store)
        var heights: [Double: Double] = [:]
        for width in [375.0, 414] {
            let entry = try #require(try controller.page(width: width, scale: 2).entries.first { $0.photoID == 2 })
            heights[width] = entry.layout.height
        }
        #expect(controller.cells.cachedCell(photoID: 2)?.model.comments.isEmpty == true)

        // The comment feed's first page arrives: one content-version bump, a `commentsLoaded` change.
        try store.setCommentsLoaded(photoID: 2)
        let version = try #require(try store.feedItems(photoIDs: [2])[2]?.photo.contentVersion)
        let change = ContentChange(photoID: 2, contentVersion: version, edit: .commentsLoaded)
        let summary = try controller.relayout([MarkedCell(photoID: 2, changes: [change])])
        #expect(summary == RelayoutSummary(relayouts: 2, heightChanges: 2), "both cached widths, both taller")
        let cell = try #require(controller.cells.cachedCell(photoID: 2))
        #expect(cell.model.commentLabels == ["chen Nice 10", "chen Nice 11"])
        let fresh = try FeedController(store: store)
        for width in [375.0, 414] {
            let entry = try #require(try fresh.page(width: width, scale: 2).entries.first { $0.photoID == 2 })
            #expect(entry.cache == .hit)
            // Two labels of one line each (14-point system font), 5 points apart, after the
            // footer's 5-point spacing that the empty comments node already took.
            #expect(entry.layout.height > heights[width]! + 5)
            #expect(entry.layout == (try FeedControllerTests.fresh(store, photoID: 2, width: width, scale: 2)))
        }
    }

    @Test func aCommentFeedWithoutCommentsWritesNoLayout() throws {
        let store = try FeedTestStore.seeded()
        let controller = try FeedController(store: store)
        for width in [375.0, 414] { _ = try controller.page(width: width, scale: 2) }
        try store.setCommentsLoaded(photoID: 4)
        let change = ContentChange(photoID: 4, contentVersion: 2, edit: .commentsLoaded)
        #expect(try controller.relayout([MarkedCell(photoID: 4, changes: [change])])
            == RelayoutSummary(relayouts: 0, heightChanges: 0))
        let page = try FeedController(store: store).page(width: 375, scale: 2)
        #expect(page.hits == 4, "the rows are confirmed for the new version and still served")
    }
}
