import FeedModel
import Foundation
import LayoutTestSupport
import Testing

/// The sync writer's batches on both stores: a completion applies its effect and bumps the
/// photos it changes once; a replay of it is cancelled; geocoding names the nearest city with its
/// placemark fields; a comment feed's completion puts the photo's comments in its cell.
@Suite("Sync batches on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedSyncJobTests {
    /// A store seeded with the curated set, and its pending jobs by key.
    static func seeded(_ backend: StoreBackend) throws -> (StoreUnderTest, [JobKey: ScheduledJob]) {
        let store = try StoreFactory.make(backend)
        try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        let jobs = try store.jobs.pendingJobs().map(\.job)
        return (store, Dictionary(uniqueKeysWithValues: jobs.map { ($0.key, $0) }))
    }

    /// Commits `job`'s start and completion in one batch, then its completion alone again (a
    /// replay); returns both results.
    static func completeTwice(_ job: ScheduledJob, on store: StoreUnderTest) throws
        -> (first: SyncBatchResult, replay: SyncBatchResult) {
        var batch = SyncBatch()
        batch.append(.start(rowID: job.rowID))
        batch.append(.succeed(job, attempt: 1))
        var replay = SyncBatch()
        replay.append(.succeed(job, attempt: 1))
        let first = try store.jobs.commit(batch, geocoder: ReverseGeocoder(), beforeCommit: {})
        return (first, try store.jobs.commit(replay, geocoder: ReverseGeocoder(), beforeCommit: {}))
    }

    @Test(arguments: StoreBackend.allCases)
    func aCompletionAppliesOnceAndItsReplayIsCancelled(_ backend: StoreBackend) throws {
        // Given the newest photo's image job, started and completed in one batch
        let (store, jobs) = try Self.seeded(backend)
        let photo = try store.reading.feedPage(after: nil, limit: 1).items[0].photo
        let job = try #require(jobs[JobKey(kind: .image, targetID: photo.id)])

        // When it commits, then the completion alone is committed again
        let (result, second) = try Self.completeTwice(job, on: store)

        // Then the image is loaded and the photo bumped once; the replay changes nothing
        #expect(result.succeeded == 1 && result.cancelled == 0)
        #expect(result.changes == [ContentChange(photoID: photo.id, contentVersion: photo.contentVersion + 1,
                                                 edit: .imageState(.loaded))])
        #expect(second.succeeded == 0 && second.cancelled == 1 && second.changes.isEmpty)
        let after = try #require(try store.reading.feedItems(photoIDs: [photo.id])[photo.id])
        #expect(after.photo.imageState == .loaded)
        #expect(after.photo.contentVersion == photo.contentVersion + 1)
        #expect(try store.jobs.unfinishedJobCount() == jobs.count - 1)
    }

    @Test(arguments: StoreBackend.allCases)
    func retriesGiveUpsAndGeocodingLandInOneBatch(_ backend: StoreBackend) throws {
        let (store, jobs) = try Self.seeded(backend)
        let items = try store.reading.feedPage(after: nil, limit: 40).items
        let located = try #require(items.first { $0.location != nil })
        let geocode = try #require(jobs[JobKey(kind: .geocode, targetID: located.location!.id)])
        let avatar = try #require(jobs[JobKey(kind: .avatar, targetID: items[1].owner.id)])
        let image = try #require(jobs[JobKey(kind: .image, targetID: items[2].photo.id)])
        var batch = SyncBatch()
        for job in [geocode, avatar, image] { batch.append(.start(rowID: job.rowID)) }
        batch.append(.succeed(geocode, attempt: 1))
        batch.append(.giveUp(avatar, attempt: 5, message: "gave up: attempt 5 failed"))
        batch.append(.retry(image, attempt: 1, nextRunAt: 1_750_000_000_000 + 60_000, message: "attempt 1 failed"))

        let result = try store.jobs.commit(batch, geocoder: ReverseGeocoder(), beforeCommit: {})

        #expect(result.succeeded == 1 && result.failed == 1 && result.retried == 1 && result.cancelled == 0)
        let location = try #require(try store.reading.feedItems(photoIDs: [located.photo.id])[located.photo.id]?
            .location)
        #expect(location.geocodeState == .resolved)
        #expect(location.placeName != nil)
        let ownerPhotos = Set(result.changes.filter { $0.edit == .avatarState(.failed) }.map(\.photoID))
        #expect(ownerPhotos.contains(items[1].photo.id))
        let pendingImage = try #require(try store.jobs.pendingJobs().first { $0.job.rowID == image.rowID })
        #expect(pendingImage.nextRunAt == 1_750_000_060_000)
        #expect(pendingImage.job.attemptsDone == 1)
    }

    @Test(arguments: StoreBackend.allCases)
    func aJobWrittenTwiceInOneBatchTakesBothWritesInOrder(_ backend: StoreBackend) throws {
        // Given a photo's image job that fails, is retried and succeeds within one batch, beside
        // its comment-feed job and its owner's avatar, which also change the photo
        let (store, jobs) = try Self.seeded(backend)
        let item = try #require(try store.reading.feedPage(after: nil, limit: 40).items.first { $0.commentCount > 0 })
        let image = try #require(jobs[JobKey(kind: .image, targetID: item.photo.id)])
        let comments = try #require(jobs[JobKey(kind: .commentFeed, targetID: item.photo.id)])
        let avatar = try #require(jobs[JobKey(kind: .avatar, targetID: item.owner.id)])
        var batch = SyncBatch()
        for job in [image, comments, avatar] { batch.append(.start(rowID: job.rowID)) }
        batch.append(.retry(image, attempt: 1, nextRunAt: 0, message: "attempt 1 failed"))
        batch.append(.succeed(comments, attempt: 1))
        batch.append(.start(rowID: image.rowID))
        batch.append(.succeed(image, attempt: 2))
        batch.append(.giveUp(avatar, attempt: 1, message: "gave up"))

        let result = try store.jobs.commit(batch, geocoder: ReverseGeocoder(), beforeCommit: {})

        // Then the retry and the success both count, and the photo's three changes carry
        // ascending content versions, ending three above where it was
        #expect(result.succeeded == 2 && result.retried == 1 && result.failed == 1 && result.cancelled == 0)
        let changes = result.changes.filter { $0.photoID == item.photo.id }
        #expect(Set(changes.map(\.edit)) == [.commentsLoaded, .imageState(.loaded), .avatarState(.failed)])
        #expect(changes.map(\.contentVersion) == (1 ... 3).map { item.photo.contentVersion + $0 })
        let after = try #require(try store.reading.feedItems(photoIDs: [item.photo.id])[item.photo.id])
        #expect(after.photo.imageState == .loaded && after.photo.commentsLoaded)
        #expect(after.photo.contentVersion == item.photo.contentVersion + 3)
        let unfinished = Set(try store.jobs.pendingJobs().map(\.job.rowID))
        #expect(unfinished.isDisjoint(with: [image.rowID, comments.rowID, avatar.rowID]))
    }

    @Test(arguments: StoreBackend.allCases)
    func aCompletionMakesCachedLayoutsStale(_ backend: StoreBackend) throws {
        let (store, jobs) = try Self.seeded(backend)
        let item = try store.reading.feedPage(after: nil, limit: 1).items[0]
        try store.cache.putLayouts([(SharedLayoutCacheTests.key(item), SharedLayoutCacheTests.layout(height: 500))])
        let job = try #require(jobs[JobKey(kind: .image, targetID: item.photo.id)])
        var batch = SyncBatch()
        batch.append(.start(rowID: job.rowID))
        batch.append(.succeed(job, attempt: 1))

        _ = try store.jobs.commit(batch, geocoder: ReverseGeocoder(), beforeCommit: {})

        #expect(try store.jobs.photosWithStaleLayouts() == [item.photo.id])
        #expect(try store.cache.layoutCacheReport(engineVersion: 3).stale == 1)
    }

    @Test(arguments: StoreBackend.allCases)
    func releasingRunningJobsMakesThemPendingAgain(_ backend: StoreBackend) throws {
        let (store, jobs) = try Self.seeded(backend)
        var batch = SyncBatch()
        for job in jobs.values.sorted(by: { $0.rowID < $1.rowID }).prefix(5) { batch.append(.start(rowID: job.rowID)) }
        _ = try store.jobs.commit(batch, geocoder: ReverseGeocoder(), beforeCommit: {})

        #expect(try store.jobs.pendingJobs().count == jobs.count - 5)
        #expect(try store.jobs.releaseRunningJobs() == 5)
        #expect(try store.jobs.pendingJobs().count == jobs.count)
    }

    @Test(arguments: StoreBackend.allCases)
    func aCommentFeedCompletionLoadsTheCommentsOnce(_ backend: StoreBackend) throws {
        // Given the newest photo with comments, and its comment-feed job completed twice
        let (store, jobs) = try Self.seeded(backend)
        let item = try #require(try store.reading.feedPage(after: nil, limit: 40).items.first { $0.commentCount > 0 })
        let job = try #require(jobs[JobKey(kind: .commentFeed, targetID: item.photo.id)])
        #expect(!item.photo.commentsLoaded)
        #expect(try store.reading.firstComments(photoIDs: [item.photo.id], limit: 2).isEmpty)

        let (result, second) = try Self.completeTwice(job, on: store)

        // Then the photo's comments are loaded and its content version bumped once
        #expect(result.succeeded == 1)
        #expect(result.changes == [ContentChange(photoID: item.photo.id, contentVersion: item.photo.contentVersion + 1,
                                                 edit: .commentsLoaded)])
        #expect(second.cancelled == 1 && second.changes.isEmpty)
        let after = try #require(try store.reading.feedItems(photoIDs: [item.photo.id])[item.photo.id])
        #expect(after.photo.commentsLoaded)
        #expect(after.photo.contentVersion == item.photo.contentVersion + 1)
        let comments = try store.reading.firstComments(photoIDs: [item.photo.id], limit: 2)
        #expect(comments[item.photo.id]?.count == min(item.commentCount, 2))
    }

    @Test
    func bothStoresGeocodeToTheSamePlacemarkFields() throws {
        // Given the located photos of the first page, geocoded on each store
        var locations: [StoreBackend: [Location]] = [:]
        for backend in StoreBackend.allCases {
            let (store, jobs) = try Self.seeded(backend)
            let items = try store.reading.feedPage(after: nil, limit: 100).items.filter { $0.location != nil }
            var batch = SyncBatch()
            for item in items {
                let job = try #require(jobs[JobKey(kind: .geocode, targetID: item.location!.id)])
                batch.append(.start(rowID: job.rowID))
                batch.append(.succeed(job, attempt: 1))
            }
            let result = try store.jobs.commit(batch, geocoder: ReverseGeocoder(), beforeCommit: {})
            #expect(result.succeeded == items.count)
            let after = try store.reading.feedItems(photoIDs: items.map(\.photo.id))
            locations[backend] = items.compactMap { after[$0.photo.id]?.location }
        }

        // Then both stores hold the same placemark fields, administrative areas included
        let sqlite = try #require(locations[.sqlite]), postgres = try #require(locations[.postgres])
        #expect(sqlite.count > 50)
        #expect(sqlite == postgres)
        #expect(sqlite.filter { $0.administrativeArea != nil }.count > sqlite.count / 2)
    }
}
