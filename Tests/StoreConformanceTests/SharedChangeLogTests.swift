import FeedModel
import LayoutTestSupport
import Testing

/// The change log (``ChangeLogReading``) on both stores: every committed bump of a photo's
/// content version is one row, numbered in commit order without gaps; nothing else is; pruning
/// keeps one unbroken run of the newest rows.
@Suite("The change log on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedChangeLogTests {
    /// Completes the jobs of `keys` in one batch; returns the batch's result.
    static func complete(_ keys: [JobKey], jobs: [JobKey: ScheduledJob], on store: StoreUnderTest) throws
        -> SyncBatchResult {
        var batch = SyncBatch()
        for key in keys {
            let job = try #require(jobs[key])
            batch.append(.start(rowID: job.rowID))
            batch.append(.succeed(job, attempt: 1))
        }
        return try store.jobs.commit(batch, geocoder: ReverseGeocoder(), beforeCommit: {})
    }

    /// Image, avatar and geocode jobs of the newest photos, and the comment feed of one with comments.
    static func someJobs(_ store: StoreUnderTest, _ jobs: [JobKey: ScheduledJob]) throws -> [JobKey] {
        let items = try store.reading.feedPage(after: nil, limit: 6).items
        var keys = items.prefix(2).map { JobKey(kind: .image, targetID: $0.photo.id) }
        keys.append(JobKey(kind: .avatar, targetID: items[2].photo.ownerID))
        if let location = items.compactMap(\.photo.locationID).first {
            keys.append(JobKey(kind: .geocode, targetID: location))
        }
        if let commented = items.first(where: { $0.commentCount > 0 }) {
            keys.append(JobKey(kind: .commentFeed, targetID: commented.photo.id))
        }
        return keys.filter { jobs[$0] != nil }
    }

    @Test(arguments: StoreBackend.allCases)
    func eachCommittedContentChangeIsOneRowInOrder(_ backend: StoreBackend) async throws {
        let (store, jobs) = try SharedSyncJobTests.seeded(backend)
        let seeded = try await store.changeLog.changes(after: 0, limit: 100)
        #expect(seeded == ChangeLogPage(changes: [], horizon: 0, head: 0), "seeding adds photos; it changes no cell")

        let result = try Self.complete(try Self.someJobs(store, jobs), jobs: jobs, on: store)
        let log = try await store.changeLog.changes(after: 0, limit: 1_000)

        #expect(!result.changes.isEmpty)
        #expect(log.changes.map(\.sequence) == Array(1 ... Int64(log.changes.count)))
        #expect(log.head == Int64(log.changes.count) && log.horizon == 0)
        #expect(Set(log.changes.map(\.photoID)) == Set(result.changes.map(\.photoID)))
        for change in log.changes.latestPerPhoto() {
            let photo = try #require(try store.reading.feedItems(photoIDs: [change.photoID])[change.photoID])
            #expect(change.contentVersion == photo.photo.contentVersion)
        }
        let after = try await store.changeLog.changes(after: 2, limit: 2)
        #expect(after.changes == Array(log.changes.dropFirst(2).prefix(2)))
        #expect(after.head == log.head)
    }

    @Test(arguments: StoreBackend.allCases)
    func aCommitThatChangesNoCellLogsNothing(_ backend: StoreBackend) async throws {
        let (store, jobs) = try SharedSyncJobTests.seeded(backend)
        let keys = try Self.someJobs(store, jobs)
        _ = try Self.complete(keys, jobs: jobs, on: store)
        let head = try await store.changeLog.changes(after: 0, limit: 1_000).head
        var replay = SyncBatch()
        for key in keys { replay.append(.succeed(try #require(jobs[key]), attempt: 1)) }
        _ = try store.jobs.commit(replay, geocoder: ReverseGeocoder(), beforeCommit: {})
        #expect(try await store.changeLog.changes(after: 0, limit: 1_000).head == head, "a replay changes no cell")
    }

    @Test(arguments: StoreBackend.allCases)
    func pruningKeepsTheNewestRowsAsOneRun(_ backend: StoreBackend) async throws {
        let (store, jobs) = try SharedSyncJobTests.seeded(backend)
        let items = try store.reading.feedPage(after: nil, limit: 12).items
        for item in items {
            _ = try Self.complete([JobKey(kind: .image, targetID: item.photo.id)], jobs: jobs, on: store)
        }
        // Written a minute apart, the newest last
        try store.execute("UPDATE change_log SET changed_at = 1750000000000 + seq * 60000")
        let full = try await store.changeLog.changes(after: 0, limit: 100)
        #expect(full.head == 12)

        // By count, in batches of 2: the newest 5 stay.
        let deleted = try store.changeLog.pruneChangeLog(ChangeRetention(count: 5, maxAge: 86_400_000, batchSize: 2))
        let kept = try await store.changeLog.changes(after: 0, limit: 100)
        #expect(deleted == 7)
        #expect(kept.changes == Array(full.changes.suffix(5)))
        #expect(kept.horizon == 7 && kept.head == 12)
        #expect(kept.isLost(6) && !kept.isLost(7) && !kept.isLost(12) && kept.isLost(13))
        let resumed = try await store.changeLog.changes(after: 3, limit: 100)
        #expect(resumed.changes == kept.changes && resumed.isLost(3))

        // By age: the rows written more than two minutes before the newest go (8, 9).
        #expect(try store.changeLog.pruneChangeLog(ChangeRetention(count: 100, maxAge: 120_000)) == 2)
        #expect(try await store.changeLog.changes(after: 0, limit: 100).changes.map(\.sequence) == [10, 11, 12])
        // And however old, the newest row stays.
        #expect(try store.changeLog.pruneChangeLog(ChangeRetention(count: 100, maxAge: 0)) == 2)
        let newest = try await store.changeLog.changes(after: 0, limit: 100)
        #expect(newest.changes == [full.changes[11]] && newest.horizon == 11)
        #expect(try store.changeLog.pruneChangeLog(.standard) == 0)
    }
}
