import FeedModel
@_spi(SQLiteAccess) import FeedStore
@testable import FeedSync
import Foundation
import GRDB
import LayoutTestSupport
import Testing

/// Start elision: a start finished within its batch writes nothing, and the finishing write
/// expects the state the job had before it (`pending`).
@Suite(.blockingWork) struct SyncBatchTests {
    static func job(_ rowID: Int64, photo: Int64? = nil) -> ScheduledJob {
        ScheduledJob(rowID: rowID, key: JobKey(kind: .image, targetID: photo ?? rowID), attemptsDone: 0,
                     coordinate: nil)
    }

    /// (kind, expected state, elided) of every write.
    static func shape(_ batch: SyncBatch) -> [String] {
        batch.writes.map { write in
            let kind = switch write.operation {
            case .start: "start"
            case .succeed: "succeed"
            case .retry: "retry"
            case .giveUp: "giveUp"
            case .cancel: "cancel"
            case .release: "release"
            }
            return "\(kind) \(write.expectedState.rawValue)\(write.isElided ? " elided" : "")"
        }
    }

    @Test func aStartFinishedInTheSameBatchIsElided() {
        var batch = SyncBatch()
        batch.append(.start(rowID: 1))
        batch.append(.start(rowID: 2))
        batch.append(.succeed(Self.job(1), attempt: 1))
        #expect(Self.shape(batch) == ["start pending elided", "start pending", "succeed pending"])
        #expect(batch.completions == 1)
    }

    @Test func aFinishOfAStartCommittedEarlierExpectsRunning() {
        var batch = SyncBatch()
        batch.append(.succeed(Self.job(1), attempt: 1))
        batch.append(.giveUp(Self.job(2), attempt: 3, message: "gave up"))
        #expect(Self.shape(batch) == ["succeed running", "giveUp running"])
    }

    @Test func aRetriedJobStartedAgainKeepsItsSecondStartWhenStillInFlight() {
        var batch = SyncBatch()
        batch.append(.start(rowID: 1))
        batch.append(.retry(Self.job(1), attempt: 1, nextRunAt: 5, message: "attempt 1 failed"))
        batch.append(.start(rowID: 1))
        #expect(Self.shape(batch) == ["start pending elided", "retry pending", "start pending"])
        batch.append(.succeed(Self.job(1), attempt: 2))
        #expect(Self.shape(batch)
            == ["start pending elided", "retry pending", "start pending elided", "succeed pending"])
        #expect(batch.completions == 2)
    }

    @Test func aReleaseOfAnElidedStartWritesNothing() {
        var batch = SyncBatch()
        batch.append(.start(rowID: 1))
        batch.append(.release(rowID: 1))
        batch.append(.release(rowID: 2))
        #expect(Self.shape(batch) == ["start pending elided", "release pending elided", "release running"])
        #expect(batch.completions == 0)
    }

    @Test func aCancelAfterAnElidedStartStillFailsTheJob() async throws {
        let store = try SyncFixture.seededStore(photos: 2)
        let rowID = try Self.imageJobRowID(photo: 1, store)
        var batch = SyncBatch()
        batch.append(.start(rowID: rowID))
        batch.append(.cancel(Self.job(rowID, photo: 1)))
        let result = try store.commit(batch, geocoder: ReverseGeocoder())
        #expect(result.cancelled == 1)
        let job = try SyncFixture.jobs(store)[JobKey(kind: .image, targetID: 1)]
        #expect(job?.state == "failed")
        #expect(job?.result == "cancelled")
    }

    @Test func anElidedStartsSuccessIsApplied() async throws {
        let store = try SyncFixture.seededStore(photos: 2)
        let rowID = try Self.imageJobRowID(photo: 1, store)
        var batch = SyncBatch()
        batch.append(.start(rowID: rowID))
        batch.append(.succeed(Self.job(rowID, photo: 1), attempt: 1))
        let result = try store.commit(batch, geocoder: ReverseGeocoder())
        #expect(result.succeeded == 1)
        #expect(result.changes.map(\.photoID) == [1])
        let job = try SyncFixture.jobs(store)[JobKey(kind: .image, targetID: 1)]
        #expect(job?.state == "done")
        #expect(job?.attempts == 1)
        #expect(try Self.photo(1, store) == ["loaded", "2"])
    }

    /// Another connection deletes the job, or finishes it, after the worker loaded it: the
    /// batch holding the attempt's elided start and its success applies nothing and counts it
    /// cancelled, as it did when the start was written (`running` guarded by `pending`).
    @Test(arguments: ["DELETE FROM sync_job WHERE id = ?", "UPDATE sync_job SET state = 'done' WHERE id = ?",
                      "UPDATE sync_job SET state = 'running' WHERE id = ?"])
    func aJobChangedByAnotherConnectionBeforeItsBatchIsCountedCancelled(change: String) async throws {
        let store = try SyncFixture.seededStore(file: true, photos: 2)
        let rowID = try Self.imageJobRowID(photo: 1, store)
        let other = try FeedStore(path: store.writer.path, migrationsDirectory: SyncFixture.migrationsDirectory,
                                  clock: .fixed(SyncFixture.now))
        try await other.writer.write { db in try db.execute(sql: change, arguments: [rowID]) }
        var batch = SyncBatch()
        batch.append(.start(rowID: rowID))
        batch.append(.succeed(Self.job(rowID, photo: 1), attempt: 1))
        let result = try store.commit(batch, geocoder: ReverseGeocoder())
        #expect(result.cancelled == 1)
        #expect(result.succeeded == 0)
        #expect(result.changes.isEmpty)
        #expect(try Self.photo(1, store) == ["pending", "1"], "the image state and content version are untouched")
    }

    /// End to end: concurrency 1 and four completions per batch put the seventh job's start and
    /// success in the second batch (its start elided); another connection deletes that job
    /// after the first batch. It ran, and is counted cancelled with nothing applied.
    @Test func aJobDeletedByAnotherConnectionWhileClaimedIsNotApplied() async throws {
        let store = try SyncFixture.seededStore(file: true, photos: 12)
        let order = try store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT id, kind, target_id FROM sync_job ORDER BY next_run_at, id")
        }
        // The second batch's third job, deleted by another connection right before that batch
        // commits: the worker claimed it and ran its attempt.
        let victim = order[6]
        let key = JobKey(kind: JobKind(rawValue: victim[1])!, targetID: victim[2])
        let other = try FeedStore(path: store.writer.path, migrationsDirectory: SyncFixture.migrationsDirectory,
                                  clock: .fixed(SyncFixture.now))
        let victimID: Int64 = victim[0]
        var configuration = SyncWorker.Configuration(simulation: SyncFixture.fixedSimulation(concurrency: 1),
                                                     batchSize: 4, recordsTrace: true)
        configuration.faultInjection = { point in
            guard point == .beforeCommit(batch: 2) else { return }
            try? other.writer.write { db in
                try db.execute(sql: "DELETE FROM sync_job WHERE id = ?", arguments: [victimID])
            }
        }
        let worker = SyncWorker(store: store, relayouter: RecordingRelayouter(), clock: VirtualClock(),
                                configuration: configuration)
        let report = try await worker.run(until: .idle)
        #expect(report.cancelled == 1)
        #expect(report.completed == order.count - 1)
        #expect(report.pending == 0)
        let events = await worker.trace.filter { $0.job == key }.map(\.kind)
        #expect(events == [.started, .succeeded], "the attempt ran in the worker")
        #expect(try SyncFixture.jobs(store)[key] == nil)
        // Its asset was not touched (other jobs may bump the same photo's content version).
        let assetQuery = switch key.kind {
        case .image: "SELECT image_state FROM photo WHERE id = ?"
        case .avatar: "SELECT avatar_state FROM user WHERE id = ?"
        case .geocode: "SELECT geocode_state FROM location WHERE id = ?"
        case .commentFeed: "SELECT CASE comments_loaded WHEN 0 THEN 'pending' ELSE 'loaded' END FROM photo WHERE id = ?"
        }
        let state = try await store.writer.read { db in
            try String.fetchOne(db, sql: assetQuery, arguments: [key.targetID])
        }
        #expect(state == "pending")
    }

    static func imageJobRowID(photo: Int64, _ store: FeedStore) throws -> Int64 {
        try store.writer.read { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM sync_job WHERE kind = 'image' AND target_id = ?",
                               arguments: [photo])!
        }
    }

    /// (image_state, content_version) as text.
    static func photo(_ id: Int64, _ store: FeedStore) throws -> [String] {
        try store.writer.read { db in
            let row = try Row.fetchOne(db, sql: "SELECT image_state, content_version FROM photo WHERE id = ?",
                                       arguments: [id])!
            return [row[0], String(row[1] as Int64)]
        }
    }
}
