import FeedModel
import FeedService
import FeedStore
import Foundation
import HummingbirdTesting
import LayoutTestSupport
import StoreTestSupport
import Testing

/// `photofeed_sync_jobs{kind,state}` in `/metrics`: the job queue as the database holds it at each
/// scrape, so a server shows the work of sync workers that run in other processes.
@Suite(.timeLimit(minutes: 10)) struct JobMetricsTests {
    /// The `photofeed_sync_jobs` samples of `metrics`, by `kind/state`.
    static func jobSamples(_ metrics: String) -> [String: Int] {
        var samples: [String: Int] = [:]
        for line in metrics.split(separator: "\n") where line.hasPrefix("photofeed_sync_jobs{") {
            let labels = line.drop { $0 != "{" }.dropFirst().prefix { $0 != "}" }
            let fields = Dictionary(uniqueKeysWithValues: labels.split(separator: ",").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1)
                return (String(parts[0]), String(parts[1].dropFirst().dropLast()))
            })
            samples["\(fields["kind"] ?? "")/\(fields["state"] ?? "")"] = Double(line.split(separator: " ").last ?? "").map { Int($0) }
        }
        return samples
    }

    static func expected(_ counts: [JobStateCount]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: counts.map { ("\($0.kind)/\($0.state)", $0.count) })
    }

    @Test func theQueueIsReadAtEachScrapeWhoeverRunsTheWorkers() async throws {
        let (service, path) = try ServiceFixture.service()
        let store = try FeedStore(path: path)
        let before = Self.expected(try store.jobCounts())
        try #require(before.keys.contains { $0.hasSuffix("/pending") })
        try await service.application().test(.router) { client in
            // Given the seeded queue, before any worker ran
            let first = try await client.execute(uri: "/metrics", method: .get)
            #expect(Self.jobSamples(ServiceFixture.text(first)) == before)

            // When a worker in another process runs the queue dry
            let worker = try await WorkerProcess.run(["sync", "--db", path, "--clock", "virtual", "--until-idle"])
            #expect(worker.status == 0, "\(worker.errors)")

            // Then the next scrape shows the queue as it is now; the states emptied read 0
            let after = Self.expected(try store.jobCounts())
            #expect(!after.keys.contains { $0.hasSuffix("/pending") })
            let emptied = Dictionary(uniqueKeysWithValues: before.keys.filter { after[$0] == nil }.map { ($0, 0) })
            #expect(!emptied.isEmpty)
            let second = try await client.execute(uri: "/metrics", method: .get)
            #expect(Self.jobSamples(ServiceFixture.text(second)) == after.merging(emptied) { count, _ in count })
        }
    }
}
