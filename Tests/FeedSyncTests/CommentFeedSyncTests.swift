import FeedModel
@_spi(SQLiteAccess) import FeedStore
@testable import FeedSync
import GRDB
import LayoutTestSupport
import Testing

/// The comment feed as a sync job: seeding creates one per photo; its success loads the photo's
/// comments (the flag, one content-version bump, a `commentsLoaded` change); giving up leaves the
/// photo without comments and changes nothing.
@Suite(.blockingWork) struct CommentFeedSyncTests {
    private let store: FeedStore

    init() throws {
        store = try SyncFixture.seededStore(photos: 12)
    }

    private func job(photo photoID: Int64) throws -> ScheduledJob {
        let rowID = try store.writer.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM sync_job WHERE kind = 'comment-feed' AND target_id = ?",
                               arguments: [photoID])!
        }
        return ScheduledJob(rowID: rowID, key: JobKey(kind: .commentFeed, targetID: photoID), attemptsDone: 0,
                            coordinate: nil)
    }

    private func photo(_ id: Int64) throws -> (loaded: Int, version: Int64) {
        try store.writer.read { db in
            let row = try Row.fetchOne(db, sql: "SELECT comments_loaded, content_version FROM photo WHERE id = ?",
                                       arguments: [id])!
            return (row[0], row[1])
        }
    }

    @Test func seedingCreatesOnePendingCommentFeedJobPerPhoto() throws {
        let jobs = try SyncFixture.jobs(store).filter { $0.key.kind == .commentFeed }
        #expect(jobs.keys.map(\.targetID).sorted() == Array(1...12))
        #expect(jobs.values.allSatisfy { $0.state == "pending" && $0.attempts == 0 })
        #expect(try (1...12).map { try photo(Int64($0)).loaded } == Array(repeating: 0, count: 12))
    }

    @Test func aSuccessLoadsTheCommentsAndBumpsTheVersionOnce() throws {
        var batch = SyncBatch()
        let job = try job(photo: 5)
        batch.append(.start(rowID: job.rowID))
        batch.append(.succeed(job, attempt: 1))
        let result = try store.commit(batch, geocoder: ReverseGeocoder())
        #expect(result.succeeded == 1)
        #expect(result.changes == [ContentChange(photoID: 5, contentVersion: 2, edit: .commentsLoaded)])
        #expect(try photo(5) == (1, 2))
        #expect(try SyncFixture.jobs(store)[job.key]?.state == "done")
        #expect(try SyncFixture.jobs(store)[job.key]?.result == "loaded")
        #expect(try photo(6) == (0, 1), "another photo's comments stay unloaded")
    }

    @Test func givingUpLeavesThePhotoWithoutCommentsAndChangesNothing() throws {
        var batch = SyncBatch()
        let job = try job(photo: 7)
        batch.append(.start(rowID: job.rowID))
        batch.append(.giveUp(job, attempt: 5, message: "gave up"))
        let result = try store.commit(batch, geocoder: ReverseGeocoder())
        #expect(result.failed == 1)
        #expect(result.changes.isEmpty)
        #expect(try photo(7) == (0, 1))
        #expect(try SyncFixture.jobs(store)[job.key]?.state == "failed")
    }

    @Test func aCommentFeedHasItsOwnLatencyDistribution() throws {
        let simulation = SyncSimulation(imageLatency: .fixed(.milliseconds(10)), geocodeLatency: .fixed(.milliseconds(20)),
                                        commentFeedLatency: .fixed(.milliseconds(30)), failureRate: 0)
        let random = OutcomeRandom(seed: 1)
        let durations = [JobKind.image, .avatar, .geocode, .commentFeed].map {
            simulation.outcome(of: JobKey(kind: $0, targetID: 1), attempt: 1, random: random).duration
        }
        #expect(durations == [.milliseconds(10), .milliseconds(10), .milliseconds(20), .milliseconds(30)])
        #expect(JobKind.commentFeed.stableCode != JobKind.image.stableCode)
    }

    @Test func theDaemonDrainsTheCommentFeedsWithTheOtherJobs() async throws {
        let relayouter = RecordingRelayouter()
        let worker = SyncWorker(store: store, relayouter: relayouter, clock: VirtualClock(),
                                configuration: SyncWorker.Configuration(simulation: SyncFixture.fixedSimulation(),
                                                                        seed: 1, batchSize: 8))
        let report = try await worker.run(until: .idle)
        // 12 images, 3 avatars, 9 geocodes (photos 4, 8, 12 have no location), 12 comment feeds.
        #expect(report.completed == 36)
        #expect(report.pending == 0)
        let loaded = try await store.writer.read { db in try Int.fetchOne(db, sql: "SELECT SUM(comments_loaded) FROM photo") }
        #expect(loaded == 12)
    }
}
