import FeedModel
@_spi(SQLiteAccess) import FeedStore
import FeedSync
import Foundation
import GRDB
import LayoutTestSupport
import Testing

@Suite(.blockingWork) struct SyncDeterminismTests {
    /// Heavy-tailed latencies, frequent failures and few attempts: some jobs fail for good, so
    /// seeds have plenty of room to differ.
    static let simulation = SyncSimulation(
        imageLatency: .pareto(minimum: .milliseconds(40), shape: 1.2),
        geocodeLatency: .logNormal(median: .milliseconds(250), sigma: 0.8),
        failureRate: 0.35, timeout: .seconds(2), retry: RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(100)),
        concurrency: 5)

    static func run(seed: UInt64, store: FeedStore, stop: SyncStopCondition = .idle, batchSize: Int = 7,
                    simulation: SyncSimulation = simulation) async throws -> SyncReport {
        let worker = SyncWorker(store: store, relayouter: RecordingRelayouter(), clock: VirtualClock(),
                                configuration: .init(simulation: simulation, seed: seed, batchSize: batchSize))
        return try await worker.run(until: stop)
    }

    @Test func theSameSeedGivesTheSameDatabase() async throws {
        let first = try SyncFixture.seededStore(photos: 30)
        let second = try SyncFixture.seededStore(photos: 30)
        let firstReport = try await Self.run(seed: 7, store: first)
        // Another batch size changes the transactions, not the outcome.
        let secondReport = try await Self.run(seed: 7, store: second, batchSize: 100)
        #expect(try SyncFixture.userVisibleSnapshot(first) == SyncFixture.userVisibleSnapshot(second))
        #expect(firstReport.completed == secondReport.completed)
        #expect(firstReport.failed == secondReport.failed)
        #expect(firstReport.retried == secondReport.retried)
        #expect(firstReport.pending == 0)
        // 30 image jobs, 3 avatars, 23 geocodes (every fourth photo has no location), 30 comment feeds.
        #expect(firstReport.completed + firstReport.failed == 30 + 3 + 23 + 30)
        #expect(firstReport.failed > 0 && firstReport.retried > 0, "the settings make failures likely")
    }

    @Test func differentSeedsGiveDifferentDatabases() async throws {
        let first = try SyncFixture.seededStore(photos: 30)
        let second = try SyncFixture.seededStore(photos: 30)
        _ = try await Self.run(seed: 7, store: first)
        _ = try await Self.run(seed: 8, store: second)
        #expect(try SyncFixture.userVisibleSnapshot(first) != SyncFixture.userVisibleSnapshot(second))
    }

    @Test func aRunStoppedAndResumedEndsWhereAnUninterruptedRunEnds() async throws {
        // A short timeout: a round longer than it always finishes the attempts it started
        // first (a stopped run starts its attempts in flight over, their time lost).
        var simulation = Self.simulation
        simulation.timeout = .milliseconds(300)
        let uninterrupted = try SyncFixture.seededStore(photos: 30)
        _ = try await Self.run(seed: 11, store: uninterrupted, simulation: simulation)
        let resumed = try SyncFixture.seededStore(photos: 30)
        var rounds = 0
        while try Self.unfinishedJobs(resumed) > 0 {
            // Each round runs 350 virtual ms from the earliest pending job, then stops with
            // attempts in flight; the next round starts them again (same attempt, same outcome).
            _ = try await Self.run(seed: 11, store: resumed, stop: .duration(.milliseconds(350)),
                                   simulation: simulation)
            rounds += 1
            #expect(rounds < 200, "every round completes something")
            if rounds >= 200 { break }
        }
        #expect(rounds > 3)
        #expect(try SyncFixture.userVisibleSnapshot(resumed) == SyncFixture.userVisibleSnapshot(uninterrupted))
    }

    @Test func aJobLeftRunningByACrashIsRunAgainWithTheSameAttempt() async throws {
        let uninterrupted = try SyncFixture.seededStore(photos: 12)
        _ = try await Self.run(seed: 5, store: uninterrupted)
        let crashed = try SyncFixture.seededStore(photos: 12)
        // What a run killed while attempts were in flight leaves behind: rows marked running,
        // their attempt not counted, their effect not applied.
        try await crashed.writer.write { db in
            try db.execute(sql: "UPDATE sync_job SET state = 'running' WHERE id % 3 = 0")
        }
        let report = try await Self.run(seed: 5, store: crashed)
        #expect(report.pending == 0)
        #expect(try SyncFixture.userVisibleSnapshot(crashed) == SyncFixture.userVisibleSnapshot(uninterrupted))
    }

    @Test func completionsBumpContentVersionsAndRelayoutTheAffectedPhotos() async throws {
        let store = try SyncFixture.seededStore(users: 3, photos: 12)
        let relayouter = RecordingRelayouter(rangesPerPhoto: 2)
        let worker = SyncWorker(store: store, relayouter: relayouter, clock: VirtualClock(),
                                configuration: .init(simulation: SyncFixture.fixedSimulation(), batchSize: 4))
        let report = try await worker.run(until: .idle)
        #expect(report.completed == 12 + 3 + 9 + 12)
        #expect(report.failed == 0 && report.retried == 0 && report.pending == 0)
        // Image (+1), the owner's avatar (+1), the comment feed (+1), and the location's names (+1)
        // where there is one.
        let versions = try store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT id, content_version, image_state FROM photo ORDER BY id")
        }
        for row in versions {
            let id: Int64 = row[0]
            let hasLocation = (id - 1) % 4 != 3
            #expect(row[1] as Int64 == 1 + 3 + (hasLocation ? 1 : 0), "photo \(id)")
            #expect(row[2] as String == "loaded")
        }
        let calls = relayouter.recordedCalls
        #expect(Set(calls.joined()) == Set(1 ... 12))
        #expect(calls.allSatisfy { $0 == $0.sorted() && Set($0).count == $0.count }, "each batch's ids once, sorted")
        #expect(report.relayouts == calls.map(\.count).reduce(0, +) * 2)
        #expect(report.heightChanges == calls.map(\.count).reduce(0, +))
        #expect(report.batches == calls.count)
    }

    @Test func staleLayoutsLeftByACrashAreRelayoutedFirst() async throws {
        let store = try SyncFixture.seededStore(photos: 4)
        try await store.writer.write { db in
            try db.execute(sql: "UPDATE sync_job SET state = 'done'")
            try db.execute(sql: """
                INSERT INTO layout_cache (photo_id, cell_kind, min_width, min_height, max_width, max_height, scale,
                                          content_version, engine_version, width, height, computed_at)
                VALUES (3, 'photo', 320, 0, 320, 1e999, 2, 1, 1, 320, 400, 0),
                       (2, 'photo', 320, 0, 320, 1e999, 2, 1, 1, 320, 400, 0)
                """)
            try db.execute(sql: "UPDATE photo SET content_version = 2 WHERE id = 3")
        }
        let relayouter = RecordingRelayouter(rangesPerPhoto: 1)
        let worker = SyncWorker(store: store, relayouter: relayouter, clock: VirtualClock())
        let report = try await worker.run(until: .idle)
        #expect(relayouter.recordedCalls == [[3]])
        #expect(report.relayouts == 1 && report.completed == 0)
    }

    static func unfinishedJobs(_ store: FeedStore) throws -> Int {
        try store.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_job WHERE state IN ('pending', 'running')") ?? 0
        }
    }
}
