import FeedModel
import FeedStore
import Foundation
import LayoutTestSupport
import Testing

/// The persistent layout cache on both stores: served only for the request's fingerprint and
/// engine version, counted, reported, and stale once the photo's content changes.
@Suite("The layout cache on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedLayoutCacheTests {
    static let fingerprint = [UInt8](repeating: 7, count: 32)

    static func key(_ item: FeedItem, width: Double = 375, engine: Int = 3,
                    fingerprint: [UInt8] = fingerprint) -> LayoutCacheKey {
        LayoutCacheKey(cellKind: "photo", photoID: item.photo.id, contentVersion: item.photo.contentVersion,
                       sizeRange: .width(width), scale: 2, engineVersion: engine, fingerprint: fingerprint)
    }

    static func layout(height: Double) -> CachedLayout {
        CachedLayout(width: 375, height: height, frames: [
            CachedFrame(id: "cell", x: 0, y: 0, width: 375, height: height),
            CachedFrame(id: "photo", parent: 0, x: 0, y: 52, width: 375, height: 375),
        ])
    }

    @Test(arguments: StoreBackend.allCases)
    func servesOnlyTheRequestedFingerprintAndEngine(_ backend: StoreBackend) throws {
        // Given three photos with layouts stored at width 375. Each has a fingerprint of its own:
        // one fingerprint names one layout (SQLite shares it among the photos that have it), so
        // different layouts need different fingerprints.
        let store = try StoreFactory.make(backend)
        try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        let items = try store.reading.feedPage(after: nil, limit: 3).items
        let fingerprints = (0 ..< items.count).map { [UInt8](repeating: 10 + UInt8($0), count: 32) }
        try store.cache.putLayouts(items.enumerated().map {
            (Self.key($1, fingerprint: fingerprints[$0]), Self.layout(height: 500 + Double($0)))
        })

        // When they are read with the same key, another fingerprint, engine or width
        let hits = try store.cache.cachedLayouts(
            for: items.enumerated().map { Self.key($1, fingerprint: fingerprints[$0]) }, countAccess: true)
        let otherFingerprint = try store.cache.cachedLayouts(
            for: items.map { Self.key($0, fingerprint: [UInt8](repeating: 8, count: 32)) }, countAccess: true)
        let otherEngine = try store.cache.cachedLayouts(
            for: items.enumerated().map { Self.key($1, engine: 4, fingerprint: fingerprints[$0]) }, countAccess: true)
        let otherWidth = try store.cache.cachedLayouts(
            for: items.enumerated().map { Self.key($1, width: 320, fingerprint: fingerprints[$0]) }, countAccess: false)

        // Then only the same key is served, byte for byte, and the accesses are counted
        #expect(hits.count == 3)
        #expect(hits[items[1].photo.id] == Self.layout(height: 501))
        #expect(otherFingerprint.isEmpty && otherEngine.isEmpty && otherWidth.isEmpty)
        #expect(try store.cache.writeLayoutCacheCounts())
        let report = try store.cache.layoutCacheReport(engineVersion: 3)
        #expect(report.entries == 3 && report.stale == 0)
        #expect(report.hits == 3 && report.misses == 6)
        #expect(report.sizeRanges.map(\.entries) == [3])
        #expect(try store.cache.cachedPhotoCount(cellKind: "photo") == 3)
        #expect(try store.cache.cachedSizeRanges(photoID: items[0].photo.id, cellKind: "photo").map(\.range)
            == [.width(375)])
        #expect(try store.cache.layoutCacheReport(engineVersion: 4).stale == 3)
    }

    @Test(arguments: StoreBackend.allCases)
    func replaceAndConfirmTouchOnlyExistingMatchingRows(_ backend: StoreBackend) throws {
        let store = try StoreFactory.make(backend)
        try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        let items = try store.reading.feedPage(after: nil, limit: 2).items
        try store.cache.putLayouts([(Self.key(items[0]), Self.layout(height: 500))])

        let replaced = try store.cache.replaceLayouts(items.map { (Self.key($0), Self.layout(height: 640)) })
        var bumped = Self.key(items[0])
        bumped.contentVersion += 5
        let confirmed = try store.cache.confirmLayouts([bumped])
        var otherFingerprint = bumped
        otherFingerprint.fingerprint = [UInt8](repeating: 1, count: 32)

        #expect(replaced == 1)
        #expect(confirmed == 1)
        #expect(try store.cache.confirmLayouts([otherFingerprint]) == 0)
        let entries = try store.cache.cachedLayoutEntries(photoIDs: items.map(\.photo.id), cellKind: "photo")
        #expect(entries.map(\.photoID) == [items[0].photo.id])
        #expect(entries.map(\.height) == [640])
        #expect(entries.map(\.contentVersion) == [items[0].photo.contentVersion + 5])
        #expect(entries.map(\.fingerprint) == [Self.fingerprint])
        #expect(try store.cache.cachedLayoutHeights(engineVersion: 3).map(\.isStale) == [true])
    }

    @Test(arguments: StoreBackend.allCases)
    func twoPhotosWithIdenticalCellsShareOneLayout(_ backend: StoreBackend) throws {
        // Given two photos whose cells have the same inputs (one fingerprint), stored at two widths
        let store = try StoreFactory.make(backend)
        try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        let items = try store.reading.feedPage(after: nil, limit: 3).items
        let (first, second, third) = (items[0].photo.id, items[1].photo.id, items[2].photo.id)
        let layout = Self.layout(height: 512)
        for width in [375.0, 414] {
            try store.cache.putLayouts(items.prefix(2).map { (Self.key($0, width: width), layout) })
        }

        // Then each photo has its link, and each width one layout
        #expect(try store.layoutCounts() == LayoutCounts(links: 4, layouts: 2))
        #expect(try store.cache.cachedLayouts(for: items.prefix(2).map { Self.key($0) }, countAccess: false)
            == [first: layout, second: layout])
        #expect(try store.cache.layoutCacheReport(engineVersion: 3).entries == 4)

        // A photo without a link of its own is a miss, even though its layout is stored; storing
        // it adds a link, not a layout.
        #expect(try store.cache.cachedLayouts(for: [Self.key(items[2])], countAccess: false).isEmpty)
        try store.cache.putLayouts([(Self.key(items[2]), layout)])
        #expect(try store.layoutCounts() == LayoutCounts(links: 5, layouts: 2))
        #expect(try store.cache.cachedLayouts(for: [Self.key(items[2])], countAccess: false) == [third: layout])

        // When the first photo's inputs change and the relayout replaces its layout
        var changed = Self.key(items[0])
        changed.contentVersion += 1
        changed.fingerprint = [UInt8](repeating: 9, count: 32)
        let taller = Self.layout(height: 600)
        #expect(try store.cache.replaceLayouts([(changed, taller)]) == 1)

        // Then it is served its new layout, the others the shared one, and its old inputs miss
        #expect(try store.layoutCounts() == LayoutCounts(links: 5, layouts: 3))
        #expect(try store.cache.cachedLayouts(for: [changed], countAccess: false) == [first: taller])
        #expect(try store.cache.cachedLayouts(for: [Self.key(items[1]), Self.key(items[2])], countAccess: false)
            == [second: layout, third: layout])
        #expect(try store.cache.cachedLayouts(for: [Self.key(items[0])], countAccess: false).isEmpty)
    }
}
