import FeedModel
import Foundation
import StoreTestSupport
import LayoutTestSupport
import Testing

/// Seeding makes the sync jobs on both stores: an avatar job per user, an image and a
/// comment-feed job per photo, a geocode job per location, all pending and due at once; seeding
/// the same files again makes no job twice.
@Suite("Seeded sync jobs on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedSeedJobTests {
    @Test(arguments: StoreBackend.allCases)
    func seedingCreatesTheSyncJobsOnce(_ backend: StoreBackend) throws {
        // Given the small set (7 photos of 3 users, 5 with a location), seeded twice
        let clock = TestStoreClock()
        let store = try StoreFactory.make(backend, clock: clock)
        let directory = try SmallSeed.directory()
        let first = try store.seeding.seedCurated(from: directory, progress: nil)
        let jobs = try store.jobs.pendingJobs()
        #expect(try store.seeding.seedCurated(from: directory, progress: nil) == first)

        // Then each asset has its one pending job, due at the seed's time
        #expect(first.syncJobs == 3 + 7 + 5 + 7)
        #expect(try store.jobs.pendingJobs() == jobs)
        let targets = { (kind: JobKind) in jobs.map(\.job.key).filter { $0.kind == kind }.map(\.targetID).sorted() }
        #expect(targets(.avatar) == [1, 2, 3])
        #expect(targets(.image) == [1, 2, 3, 4, 5, 6, 7])
        #expect(targets(.geocode) == [1, 2, 4, 5, 7])
        #expect(targets(.commentFeed) == [1, 2, 3, 4, 5, 6, 7])
        #expect(jobs.count == first.syncJobs)
        #expect(jobs.allSatisfy { $0.nextRunAt == clock.milliseconds && $0.job.attemptsDone == 0 })
    }
}
