import FeedModel
import FeedStorePostgres
import FeedSync
import Foundation
import LayoutTestSupport
import PhotoFeed
import Testing

/// Leased workers in this process on one PostgreSQL queue, each with its own store and cells:
/// whatever the number of workers, the feed (photos, locations, comments, likes, cached
/// layouts) ends as after one worker's run with the same seed, and no layout is left stale.
@Suite(.blockingWork, .serialized, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10)) struct PostgresSyncWorkersTests {
    static let simulation = SyncSimulation(failureRate: 0.3, retry: RetryPolicy(maxAttempts: 3))

    static func run(workers: Int, on location: PostgresLocation, batchSize: Int = 6) async throws -> [SyncReport] {
        try await withThrowingTaskGroup(of: SyncReport.self) { group in
            for index in 1 ... workers {
                let store = try WorkerFixture.open(location)
                let controller = try FeedController(store: store)
                let worker = SyncWorker(
                    store: store, relayouter: controller, clock: VirtualClock(),
                    configuration: .init(simulation: simulation, seed: 21, worker: "w\(index)", batchSize: batchSize,
                                         lease: .seconds(30)))
                group.addTask { try await worker.run(until: .idle) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test func threeWorkersEndWithTheOneWorkerFeed() async throws {
        let one = try WorkerFixture.seededSchema(photos: 40)
        let three = try WorkerFixture.seededSchema(photos: 40)
        let jobs = try WorkerFixture.open(one).unfinishedJobCount()

        let single = try await Self.run(workers: 1, on: one)
        let many = try await Self.run(workers: 3, on: three)

        #expect(try PostgresFeedSnapshot.take(three) == PostgresFeedSnapshot.take(one))
        #expect(single.map { $0.completed + $0.failed }.reduce(0, +) == jobs)
        #expect(many.map { $0.completed + $0.failed }.reduce(0, +) == jobs, "every job's effect applied once")
        #expect(many.allSatisfy { $0.pending == 0 })
        #expect(single[0].relayouts > 0)
        let layouts = try PostgresFeedSnapshot.layoutCounts(three)
        #expect(layouts.entries == 40 && layouts.stale == 0)
    }
}
