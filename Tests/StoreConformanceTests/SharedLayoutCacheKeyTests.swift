import FeedModel
import Foundation
import LayoutTestSupport
import Testing

/// A cached layout's key on both stores: every part of it matters, and a photo whose content
/// changed has stale rows for every cached size range until a relayout replaces them.
@Suite("Layout cache keys on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedLayoutCacheKeyTests {
    /// A store with the curated set and its newest two items.
    static func seeded(_ backend: StoreBackend) throws -> (StoreUnderTest, [FeedItem]) {
        let store = try StoreFactory.make(backend)
        try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        return (store, try store.reading.feedPage(after: nil, limit: 2).items)
    }

    @Test(arguments: StoreBackend.allCases)
    func everyPartOfTheKeyMatters(_ backend: StoreBackend) throws {
        // Given the newest photo's layout stored at width 375, scale 2
        let (store, items) = try Self.seeded(backend)
        let key = SharedLayoutCacheTests.key(items[0])
        try store.cache.putLayouts([(key, SharedLayoutCacheTests.layout(height: 500))])

        // When it is looked up with each part of the key changed, Then each misses
        var otherScale = key, otherPhoto = key, otherKind = key
        otherScale.scale = 3
        otherPhoto.photoID = items[1].photo.id
        otherKind.cellKind = "comment"
        let misses = [otherScale, otherPhoto, otherKind, SharedLayoutCacheTests.key(items[0], engine: 4),
                      SharedLayoutCacheTests.key(items[0], width: 320),
                      SharedLayoutCacheTests.key(items[0], fingerprint: [UInt8](repeating: 8, count: 32))]
        for miss in misses {
            #expect(try store.cache.cachedLayouts(for: [miss], countAccess: true).isEmpty, "\(miss)")
        }
        #expect(try store.cache.cachedLayouts(for: [key], countAccess: true).count == 1)
        let report = try store.cache.layoutCacheReport(engineVersion: 3)
        #expect(report.hits == 1 && report.misses == 6)
    }

    @Test(arguments: StoreBackend.allCases)
    func aChangedPhotoIsStaleAtEverySizeRangeUntilReplaced(_ backend: StoreBackend) throws {
        // Given the newest photo cached at two widths and the next at one
        let (store, items) = try Self.seeded(backend)
        let (photo, other) = (items[0], items[1])
        try store.cache.putLayouts([
            (SharedLayoutCacheTests.key(photo), SharedLayoutCacheTests.layout(height: 500)),
            (SharedLayoutCacheTests.key(photo, width: 320), SharedLayoutCacheTests.layout(height: 500)),
            (SharedLayoutCacheTests.key(other), SharedLayoutCacheTests.layout(height: 500)),
        ])

        // When the photo's image loads (a new content version)
        var batch = SyncBatch()
        let image = try #require(try store.jobs.pendingJobs().map(\.job)
            .first { $0.key == JobKey(kind: .image, targetID: photo.photo.id) })
        batch.append(.start(rowID: image.rowID))
        batch.append(.succeed(image, attempt: 1))
        _ = try store.jobs.commit(batch, geocoder: ReverseGeocoder(), beforeCommit: {})

        // Then both of its rows are stale (every row for another engine), both size ranges need a
        // relayout, and storing one at the new version leaves the other stale
        #expect(try store.cache.layoutCacheReport(engineVersion: 3).stale == 2)
        #expect(try store.cache.layoutCacheReport(engineVersion: 4).stale == 3)
        #expect(try store.jobs.photosWithStaleLayouts() == [photo.photo.id])
        #expect(try store.cache.cachedSizeRanges(photoID: photo.photo.id, cellKind: "photo").map(\.range.maxWidth)
            == [320, 375])
        let now = try #require(try store.reading.feedItems(photoIDs: [photo.photo.id])[photo.photo.id])
        try store.cache.putLayouts([(SharedLayoutCacheTests.key(now), SharedLayoutCacheTests.layout(height: 500))])
        #expect(try store.cache.layoutCacheReport(engineVersion: 3).stale == 1)
    }
}
