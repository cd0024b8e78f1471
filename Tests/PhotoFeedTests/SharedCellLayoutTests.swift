import FeedModel
import PhotoFeed
import StoreTestSupport
import LayoutTestSupport
import Testing

/// Two photos whose cells show the same texts have the same layout-input fingerprint, so the
/// cache stores their layout once per size range and scale, and serves it to both.
@Suite(.blockingWork) struct SharedCellLayoutTests {
    @Test func identicalCellsShareOneCacheEntry() throws {
        // Given the four-photo feed and photos 5 and 6: same owner, caption, likes and upload
        // time, no location, no comments (their URLs and pixel sizes differ: not layout inputs)
        let store = try FeedTestStore.seeded()
        for (id, width) in [(Int64(5), 640), (6, 1920)] {
            try store.save(Photo(id: id, ownerID: 2, url: "https://p.example/\(id).jpg", pixelWidth: width,
                                 pixelHeight: 480, title: "Twins.", likes: 2,
                                 uploadedAt: FeedTestStore.newest - 60_000))
        }
        let controller = try FeedController(store: store)
        for (width, scale) in [(375.0, 2.0), (414, 3)] {
            let page = try controller.page(width: width, scale: scale)
            #expect(page.misses == 6)
            let twins = page.entries.filter { $0.photoID >= 5 }
            #expect(twins.count == 2 && twins[0].layout == twins[1].layout)
        }
        let cells = try controller.cells(for: try store.feedItems(photoIDs: [5, 6]).values.sorted { $0.photo.id < $1.photo.id })
        #expect(cells[0].model.layoutInputs(fonts: []).fingerprint == cells[1].model.layoutInputs(fonts: []).fingerprint)
        // Then 6 photos link to 5 layouts at each of the 2 widths
        let counts = try FeedTestStore.layoutCacheRowCounts(store)
        #expect(counts.links == 12 && counts.layouts == 10)
        // and both are served from it.
        for (width, scale) in [(375.0, 2.0), (414, 3)] {
            #expect(try FeedController(store: store).page(width: width, scale: scale).hits == 6)
        }
    }
}
