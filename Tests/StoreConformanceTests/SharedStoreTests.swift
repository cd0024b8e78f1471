import FeedModel
import Foundation
import LayoutTestSupport
import Testing

/// The store seam's contract, run on both stores: migrating, seeding, the feed pages, the
/// layout cache and the sync writer's batches must behave the same on SQLite and PostgreSQL.
@Suite("The store seam on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedStoreTests {
    static let seedData = StoreFactory.seedDataDirectory

    /// The migration names of a store's folder, in order.
    static func migrationNames(_ backend: StoreBackend) throws -> [String] {
        let folder = backend == .sqlite ? StoreFactory.sqliteMigrations : StoreFactory.postgresMigrations
        return try MigrationFile.load(from: folder).map(\.name)
    }

    @Test(arguments: StoreBackend.allCases)
    func migratingAppliesEveryFileOnce(_ backend: StoreBackend) throws {
        // Given a new store (its init migrates)
        let store = try StoreFactory.make(backend)
        let names = try Self.migrationNames(backend)

        // When it migrates again
        let report = try store.migrate()

        // Then every file is applied, and the second run applies nothing
        #expect(try store.appliedMigrations() == names)
        #expect(report.applied == [])
        #expect(report.current == names.last)
    }

    @Test(arguments: StoreBackend.allCases)
    func seedingTheCuratedSetLoadsEveryRowWithItsJobs(_ backend: StoreBackend) throws {
        let store = try StoreFactory.make(backend)

        let counts = try store.seeding.seedCurated(from: Self.seedData, progress: nil)
        let again = try store.seeding.seedCurated(from: Self.seedData, progress: nil)

        #expect(counts.users == 200)
        #expect(counts.photos == 2400)
        #expect(counts.locations == 2400 - 183)
        #expect(counts.comments == 4268)
        #expect(counts.cities == 34006)
        // One avatar job per user, image and comment-feed jobs per photo, a geocode job per location.
        #expect(counts.syncJobs == counts.users + 2 * counts.photos + counts.locations)
        #expect(again == counts)
        #expect(try store.jobs.pendingJobs().count == counts.syncJobs)
        #expect(try store.jobs.unfinishedJobCount() == counts.syncJobs)
    }

    @Test(arguments: StoreBackend.allCases)
    func feedPagesWalkEveryPhotoNewestFirst(_ backend: StoreBackend) throws {
        let store = try StoreFactory.make(backend)
        try store.seeding.seedCurated(from: Self.seedData, progress: nil)

        var items: [FeedItem] = []
        var cursor: FeedCursor?
        var pages = 0
        repeat {
            let page = try store.reading.feedPage(after: cursor, limit: 50)
            items += page.items
            cursor = page.next
            pages += 1
        } while cursor != nil

        #expect(pages == 48)
        #expect(items.count == 2400)
        #expect(Set(items.map(\.photo.id)).count == 2400)
        let keys = items.map { [$0.photo.uploadedAt, $0.photo.id] }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $1.lexicographicallyPrecedes($0) })
        #expect(try store.reading.newestUploadTime() == items[0].photo.uploadedAt)
        let first = Array(items.prefix(20))
        let byID = try store.reading.feedItems(photoIDs: first.map(\.photo.id) + [-1])
        #expect(byID.count == 20)
        #expect(first.allSatisfy { byID[$0.photo.id] == $0 })
        // A photo's comments are in its cell once its comment-feed job has completed: none before.
        let ids = first.map(\.photo.id)
        #expect(try store.reading.firstComments(photoIDs: ids, limit: 2).isEmpty)
        var batch = SyncBatch()
        for job in try store.jobs.pendingJobs().map(\.job)
        where job.key.kind == .commentFeed && ids.contains(job.key.targetID) {
            batch.append(.start(rowID: job.rowID))
            batch.append(.succeed(job, attempt: 1))
        }
        #expect(try store.jobs.commit(batch, geocoder: ReverseGeocoder(), beforeCommit: {}).succeeded == 20)
        let comments = try store.reading.firstComments(photoIDs: ids, limit: 2)
        #expect(first.allSatisfy { (comments[$0.photo.id]?.count ?? 0) == min($0.commentCount, 2) })
    }

    @Test
    func bothStoresServeTheSameFeed() throws {
        let sqlite = try StoreFactory.make(.sqlite)
        let postgres = try StoreFactory.make(.postgres)
        #expect(try sqlite.seeding.seedCurated(from: Self.seedData, progress: nil)
            == postgres.seeding.seedCurated(from: Self.seedData, progress: nil))

        var cursor: FeedCursor?
        var pages = 0
        repeat {
            let left = try sqlite.reading.feedPage(after: cursor, limit: 100)
            let right = try postgres.reading.feedPage(after: cursor, limit: 100)
            #expect(left == right)
            let ids = left.items.map(\.photo.id)
            #expect(try sqlite.reading.firstComments(photoIDs: ids, limit: 2)
                == postgres.reading.firstComments(photoIDs: ids, limit: 2))
            cursor = left.next
            pages += 1
        } while cursor != nil
        #expect(pages == 24)
        let pending = { (store: StoreUnderTest) in
            try store.jobs.pendingJobs().map { [$0.job.key.description, "\($0.job.attemptsDone)", "\($0.nextRunAt)"] }
        }
        #expect(try pending(sqlite).sorted { $0.lexicographicallyPrecedes($1) }
            == pending(postgres).sorted { $0.lexicographicallyPrecedes($1) })
    }
}
