import FeedModel
import Foundation
import PhotoFeed
import LayoutTestSupport
import Testing

/// Seeded photos are taken near cities, so on either store every geocode of the curated set and
/// of a generated one finds a place, and every cell gets a placemark label (never `ERROR`).
@Suite("Seeded locations geocode to a place on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedSeedLocationTests {
    static let seedData = StoreFactory.seedDataDirectory

    @Test(arguments: StoreBackend.allCases)
    func everySeededLocationGeocodesToAPlace(_ backend: StoreBackend) throws {
        // Given the curated set and 200 generated photos
        let store = try StoreFactory.make(backend)
        try store.seeding.seedCurated(from: Self.seedData, progress: nil)
        let counts = try store.seeding.seedGenerated(count: 200, rngSeed: 45, seedDataDirectory: Self.seedData,
                                                     progress: nil)
        #expect(counts.locations == 2217 + 182)

        // When every geocode job succeeds
        var batch = SyncBatch()
        for job in try store.jobs.pendingJobs().map(\.job) where job.key.kind == .geocode {
            batch.append(.start(rowID: job.rowID))
            batch.append(.succeed(job, attempt: 1))
        }
        let result = try store.jobs.commit(batch, geocoder: ReverseGeocoder(), beforeCommit: {})
        #expect(result.succeeded == counts.locations)

        // Then every photo with a location shows a place: a placemark and its label
        var items: [FeedItem] = []
        var cursor: FeedCursor?
        repeat {
            let page = try store.reading.feedPage(after: cursor, limit: 500)
            items += page.items
            cursor = page.next
        } while cursor != nil
        let located = items.filter { $0.location != nil }
        #expect(items.count == 2600)
        #expect(located.count == counts.locations)
        let models = located.map { PhotoCellModel(item: $0, commentPage: [], referenceTime: 0) }
        #expect(models.filter { $0.placemark == nil }.map(\.photoID) == [])
        #expect(models.filter { ["", "ERROR", nil].contains($0.locationName) }.map(\.photoID) == [])
    }
}
