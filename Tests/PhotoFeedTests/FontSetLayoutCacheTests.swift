import FeedModel
import LayoutCore
import LayoutTestSupport
import PhotoFeed
import StoreTestSupport
import Testing
import TextLayout

/// A cached layout never outlives the fonts it was measured with: the font set's digest is part
/// of every layout's fingerprint, so measuring with another manifest misses every layout the
/// first one cached, and serves only layouts of its own fonts.
@Suite(.blockingWork) struct FontSetLayoutCacheTests {
    @Test func switchingToLiberationSansChangesHeightsAndServesNoDejaVuLayout() throws {
        // Given the first 200 curated photos laid out and cached with the built-in fonts
        let store = try FeedTestStore.empty()
        _ = try store.seedCurated(from: FeedTestStore.projectRoot.appendingPathComponent("seed-data"))
        let dejaVu = try FeedController(store: store, measurer: TextMeasurer.measurer(for: .builtIn))
        let liberationMeasurer = try TextMeasurer.measurer(for: FontFixtures.liberation)
        let first = try dejaVu.page(width: 375, scale: 2, limit: 200)
        #expect(first.misses == 200)
        #expect(try dejaVu.page(width: 375, scale: 2, limit: 200).hits == 200)

        // When a controller measuring with Liberation Sans asks for the same page
        let liberation = try FeedController(store: store, measurer: liberationMeasurer)
        let switched = try liberation.page(width: 375, scale: 2, limit: 200)

        // Then nothing comes from the cache, every layout is Liberation's own, and heights change
        #expect(switched.hits == 0 && switched.misses == 200)
        #expect(liberation.fontSetDigest != dejaVu.fontSetDigest && !liberation.fontSetDigest.isEmpty)
        for entry in switched.entries {
            let cell = PhotoCellNode(model: entry.model, measurer: liberationMeasurer)
            let fresh = CachedLayout(cell.drawnLayout(fitting: FeedController.sizeRange(width: 375),
                                                      context: LayoutContext(scale: 2)))
            #expect(entry.layout == fresh, "photo \(entry.photoID)")
        }
        let changed = zip(first.entries, switched.entries).filter { $0.layout.height != $1.layout.height }.count
        #expect(changed > 20, "\(changed) of 200 heights changed")
        // And Liberation's layouts are served to it from then on, never to the built-in fonts
        #expect(try liberation.page(width: 375, scale: 2, limit: 200).hits == 200)
        let back = try FeedController(store: store, measurer: TextMeasurer.measurer(for: .builtIn))
            .page(width: 375, scale: 2, limit: 200)
        #expect(back.hits == 0)
        #expect(back.entries.map(\.layout) == first.entries.map(\.layout))
    }
}
