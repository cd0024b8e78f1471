import FeedAPIModel
import FeedModel
import Foundation
import PhotoFeed
import StoreTestSupport
import LayoutTestSupport
import Testing

/// The API's layout holds a frame for every label a client draws: over every curated photo
/// (every comment feed loaded, every third location geocoded, one failed), each key of an item's
/// `texts` is the id of a node of its `layout`, the comment labels nested under the comments
/// node, at 375 points and scale 3.
@Suite(.blockingWork) struct DrawnNodeFrameTests {
    @Test func everyTextOfEveryCuratedCellHasItsNodeFrame() throws {
        // Given the curated feed with its comments loaded and some places resolved or failed
        let store = try FeedTestStore.empty()
        _ = try store.seedCurated(from: FeedTestStore.projectRoot.appendingPathComponent("seed-data"))
        let items = try store.feedPage(limit: 100_000).items
        for item in items { try store.setCommentsLoaded(photoID: item.photo.id) }
        for (index, location) in items.compactMap(\.location).enumerated() where index % 3 == 0 {
            try store.resolveLocation(id: location.id, placeName: "Lisbon", region: nil, country: "Portugal",
                                      state: index % 2 == 0 ? .resolved : .failed)
        }
        // When the feed is laid out as the API gives it
        let page = try FeedController(store: store).page(width: 375, scale: 3, limit: 5_000)
        #expect(page.entries.count == 2400)
        var missing: [String] = []
        var nested = 0
        for entry in page.entries {
            let json = FeedItemJSON(entry)
            let frames = entry.layout.frames
            for (node, _) in json.texts {
                guard let index = frames.firstIndex(where: { $0.id == node }) else {
                    missing.append("photo \(entry.photoID): \(node)")
                    continue
                }
                // Then a comment label's frame lies inside the comments node's, as its child
                if node.hasPrefix("comment") {
                    let parent = Int(frames[index].parent)
                    #expect(parent >= 0 && frames[parent].id == "comments", "photo \(entry.photoID): \(node)")
                    #expect(frames[index].y + frames[index].height <= frames[parent].height + 1e-9)
                    nested += 1
                }
            }
        }
        #expect(missing.isEmpty, "\(missing.count) texts without a frame, first: \(missing.prefix(5))")
        #expect(nested > 2000, "\(nested) comment labels checked")
    }
}
