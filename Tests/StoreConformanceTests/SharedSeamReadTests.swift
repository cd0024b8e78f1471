import FeedModel
import Foundation
import LayoutTestSupport
import Testing

/// The seam methods the other shared suites do not reach, on both stores: a relayout's inputs
/// read in one transaction agree with the reads they stand for, the seed counts, and a relayout
/// pass's replace-and-confirm.
@Suite("Relayout inputs, counts and replace-and-confirm on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedSeamReadTests {
    /// A store with the curated set whose comment feeds have all loaded.
    static func seeded(_ backend: StoreBackend) throws -> StoreUnderTest {
        let store = try StoreFactory.make(backend)
        try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        var batch = SyncBatch()
        for job in try store.jobs.pendingJobs().map(\.job) where job.key.kind == .commentFeed {
            batch.append(.start(rowID: job.rowID))
            batch.append(.succeed(job, attempt: 1))
        }
        _ = try store.jobs.commit(batch, geocoder: ReverseGeocoder(), beforeCommit: {})
        return store
    }

    @Test(arguments: StoreBackend.allCases)
    func relayoutInputsAreTheReadsTheyStandFor(_ backend: StoreBackend) throws {
        // Given two photos with comments, each with layouts at two widths
        let store = try Self.seeded(backend)
        let items = try store.reading.feedPage(after: nil, limit: 40).items.filter { $0.commentCount > 1 }
        let (first, second) = (items[0], items[1])
        try store.cache.putLayouts([first, second].flatMap { item in
            [375.0, 414].map { width in
                (SharedLayoutCacheTests.key(item, width: width), SharedLayoutCacheTests.layout(height: width))
            }
        })

        // When a relayout of both reads the content of the first
        let inputs = try store.reading.relayoutInputs(photoIDs: [first.photo.id, second.photo.id],
                                                      contentOf: [first.photo.id], cellKind: "photo", commentLimit: 2)

        // Then it holds both photos' rows and the first's item and first comments, as read apart
        #expect(inputs.entries == (try store.cache.cachedLayoutEntries(photoIDs: [first.photo.id, second.photo.id],
                                                                        cellKind: "photo")))
        #expect(inputs.entries.count == 4)
        #expect(inputs.items == (try store.reading.feedItems(photoIDs: [first.photo.id])))
        #expect(inputs.comments == (try store.reading.firstComments(photoIDs: [first.photo.id], limit: 2)))
        #expect(inputs.comments[first.photo.id]?.count == 2)
    }

    @Test(arguments: StoreBackend.allCases)
    func countsAreTheSeedsRows(_ backend: StoreBackend) throws {
        let store = try StoreFactory.make(backend)
        #expect(try store.seeding.counts() == SeedCounts(users: 0, photos: 0, locations: 0, comments: 0, cities: 0,
                                                         syncJobs: 0))
        let seeded = try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        #expect(try store.seeding.counts() == seeded)
        #expect(seeded.photos == 2400 && seeded.locations == 2217 && seeded.syncJobs == seeded.users + 2 * 2400 + 2217)
    }

    @Test(arguments: StoreBackend.allCases)
    func replaceAndConfirmLeavesNoStaleRow(_ backend: StoreBackend) throws {
        // Given two photos with layouts, then both images loaded (new content versions)
        let store = try StoreFactory.make(backend)
        try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        let items = try store.reading.feedPage(after: nil, limit: 2).items
        try store.cache.putLayouts(items.map { (SharedLayoutCacheTests.key($0), SharedLayoutCacheTests.layout(height: 500)) })
        var batch = SyncBatch()
        for job in try store.jobs.pendingJobs().map(\.job)
        where job.key.kind == .image && items.map(\.photo.id).contains(job.key.targetID) {
            batch.append(.start(rowID: job.rowID))
            batch.append(.succeed(job, attempt: 1))
        }
        _ = try store.jobs.commit(batch, geocoder: ReverseGeocoder(), beforeCommit: {})
        #expect(try store.cache.layoutCacheReport(engineVersion: 3).stale == 2)

        // When a relayout pass replaces the first's layout and confirms the second's
        let now = try store.reading.feedItems(photoIDs: items.map(\.photo.id))
        let (first, second) = (try #require(now[items[0].photo.id]), try #require(now[items[1].photo.id]))
        let relaid = SharedLayoutCacheTests.key(first, fingerprint: [UInt8](repeating: 9, count: 32))
        let counts = try store.cache.replaceAndConfirmLayouts([(relaid, SharedLayoutCacheTests.layout(height: 600))],
                                                              confirming: [SharedLayoutCacheTests.key(second)])

        // Then one row each changed, none is stale, and the first serves its new layout
        #expect(counts.replaced == 1 && counts.confirmed == 1)
        #expect(try store.cache.layoutCacheReport(engineVersion: 3).stale == 0)
        let served = try store.cache.cachedLayouts(for: [relaid], countAccess: false)
        #expect(served[first.photo.id] == SharedLayoutCacheTests.layout(height: 600))
    }
}
