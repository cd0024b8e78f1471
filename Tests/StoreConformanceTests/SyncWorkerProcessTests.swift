import FeedStorePostgres
import Foundation
import Glibc
import LayoutTestSupport
import Testing

/// `photofeed-server sync` workers as processes on one PostgreSQL database: killed with
/// SIGKILL at seeded moments and started again, or cut off by a server restart, they drain the
/// queue and leave the feed exactly as one worker alone leaves it with the same seed.
///
/// The kill moments are real time (a seeded delay before each kill): where a kill lands in a
/// worker's run varies from run to run, which is the point; the final feed may not.
@Suite(.blockingWork, .serialized, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10)) struct SyncWorkerProcessTests {
    static let syncArguments = ["sync", "--rng-seed", "21", "--failure-rate", "0.3", "--max-attempts", "3",
                                "--batch-size", "8", "--format", "json"]
    /// Enough photos that the three workers are still draining the queue after several kills,
    /// however fast the machine runs them.
    static let killedRunPhotos = 2400

    /// Runs one worker on `location` until the queue is drained.
    static func referenceRun(_ location: PostgresLocation) async throws {
        let run = try await WorkerProcess.run(syncArguments + ["--clock", "virtual", "--db", location.url])
        try #require(run.status == 0, "the one-worker run failed: \(run.errors)")
    }

    @Test func threeWorkersKilledAtRandomEndWithTheOneWorkerFeed() async throws {
        try #require(WorkerProcess.isBuilt, "build first: swift build (\(WorkerProcess.executable.path))")
        let reference = try WorkerFixture.seededSchema(photos: Self.killedRunPhotos)
        let subject = try WorkerFixture.seededSchema(photos: Self.killedRunPhotos)
        try await Self.referenceRun(reference)

        // Three workers with a short lease, so the jobs of a killed one come back quickly.
        let arguments = Self.syncArguments + ["--clock", "virtual", "--lease", "1", "--db", subject.url]
        var workers = try (0 ..< 3).map { _ in try WorkerProcess(arguments) }
        var random = SeededRandom(seed: 35)
        var kills = 0
        while kills < 8, workers.contains(where: \.isRunning) {
            try await Task.sleep(for: .milliseconds(random.int(in: 5 ... 40)))
            let index = random.int(in: 0 ... 2)
            guard workers[index].isRunning else { continue }
            workers[index].killNow()
            #expect(try await workers[index].finish() == nil)
            kills += 1
            workers[index] = try WorkerProcess(arguments)
        }
        for worker in workers {
            let status = try await worker.finish()
            #expect(status == 0, "a worker failed: \(worker.standardError)")
        }

        #expect(kills >= 3, "workers killed part-way: \(kills)")
        #expect(try PostgresFeedSnapshot.jobStates(subject).keys.sorted().allSatisfy { ["done", "failed"].contains($0) })
        #expect(try PostgresFeedSnapshot.take(subject) == PostgresFeedSnapshot.take(reference))
        let layouts = try PostgresFeedSnapshot.layoutCounts(subject)
        #expect(layouts.entries == Self.killedRunPhotos && layouts.stale == 0)
    }

    @Test func workersCarryOnAcrossAServerRestart() async throws {
        try #require(WorkerProcess.isBuilt, "build first: swift build (\(WorkerProcess.executable.path))")
        // A cluster of its own: restarting the shared one would cut off the other suites.
        let cluster = try PrivateCluster.start()
        defer { cluster.stop() }
        let reference = try WorkerFixture.seededSchema(photos: 40, in: try PostgresLocation(url: cluster.url))
        let subject = try WorkerFixture.seededSchema(photos: 40, in: try PostgresLocation(url: cluster.url))
        try await Self.referenceRun(reference)

        // Two workers waiting real latencies, so the restart lands in the middle of their run.
        let arguments = Self.syncArguments + ["--clock", "real", "--until-idle", "--concurrency", "16",
                                              "--lease", "5", "--db", subject.url]
        let workers = try (0 ..< 2).map { _ in try WorkerProcess(arguments) }
        var done = 0
        while done < 10 {
            try await Task.sleep(for: .milliseconds(50))
            done = try PostgresFeedSnapshot.jobStates(subject)["done"] ?? 0
        }
        try cluster.restart()
        let unfinished = try PostgresFeedSnapshot.jobStates(subject).filter { ["pending", "running"].contains($0.key) }
        for worker in workers {
            let status = try await worker.finish()
            #expect(status == 0, "a worker failed: \(worker.standardError)")
        }

        #expect(unfinished.values.reduce(0, +) > 0, "the restart came after the run: \(unfinished)")
        #expect(try PostgresFeedSnapshot.take(subject) == PostgresFeedSnapshot.take(reference))
        #expect(try PostgresFeedSnapshot.layoutCounts(subject).stale == 0)
    }
}
