import FeedModel
@testable import FeedService
import FeedStore
import FeedStorePostgres
import Foundation
import HummingbirdTesting
import LayoutTestSupport
import Logging
import StoreTestSupport
import Testing

/// `photofeed_sync_worker_*_total{worker}` in `/metrics`: each sync worker's totals as its commits
/// recorded them in the database, read at each scrape, so a server shows the exact counts of a
/// worker that runs in another process; a worker started again under its name goes on from them.
/// On SQLite and on PostgreSQL (the run's cluster, `PHOTOFEED_TEST_POSTGRES_URL`).
@Suite(.serialized, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10)) struct WorkerMetricsTests {
    enum Backend: String, CaseIterable, CustomStringConvertible {
        case sqlite, postgres
        var description: String { rawValue }
    }

    /// A server on a seeded database of `backend`, and the database as the worker is told it.
    static func service(_ backend: Backend) throws -> (service: FeedHTTPService, database: String) {
        switch backend {
        case .sqlite:
            let (service, path) = try ServiceFixture.service()
            return (service, path)
        case .postgres:
            let location = try PostgresServeTests.freshSchema()
            let store = try PostgresFeedStore(location: location)
            try store.seedGenerated(count: 12, rngSeed: 3, seedDataDirectory: PostgresServeTests.seedData, progress: nil)
            var logger = Logger(label: "photofeed.serve.tests")
            logger.logLevel = .warning
            return (try FeedHTTPService(store: store, port: 0, logger: logger, storeDeadline: ServiceFixture.storeDeadline,
                                        idleTimeout: ServiceFixture.idleTimeout), location.description)
        }
    }

    /// The `photofeed_sync_worker_…` samples of `metrics`: worker → metric name (without the
    /// prefix) → value.
    static func workerSamples(_ metrics: String) -> [String: [String: Double]] {
        var samples: [String: [String: Double]] = [:]
        let prefix = "photofeed_sync_worker_"
        for line in metrics.split(separator: "\n") where line.hasPrefix(prefix) {
            guard let open = line.firstIndex(of: "{"), let close = line.lastIndex(of: "}") else { continue }
            let name = String(line[line.index(line.startIndex, offsetBy: prefix.count) ..< open])
            let label = line[line.index(after: open) ..< close]
            guard label.hasPrefix("worker=\""), label.hasSuffix("\"") else { continue }
            let worker = Self.unescaped(label.dropFirst(8).dropLast())
            samples[worker, default: [:]][name] = Double(line[line.index(after: close)...].trimmingCharacters(in: .whitespaces))
        }
        return samples
    }

    /// A label value of the text format as it was before escaping (`\\`, `\"`, `\n`).
    static func unescaped(_ value: Substring) -> String {
        var out = "", escaping = false
        for character in value {
            if escaping {
                out.append(character == "n" ? "\n" : character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else {
                out.append(character)
            }
        }
        return out
    }

    /// The samples a worker's totals give, from its `sync --format json` summaries.
    static func expected(_ runs: [[String: Any]], batches: Double) -> [String: Double] {
        func total(_ key: String) -> Double { runs.reduce(0) { $0 + Double(($1[key] as? Int) ?? -1_000_000) } }
        return ["completed_total": total("completed"), "failed_total": total("failed"), "retried_total": total("retried"),
                "cancelled_total": total("cancelled"), "batches_total": batches, "relayouts_total": total("relayouts"),
                "height_changes_total": total("heightChanges")]
    }

    /// Runs `photofeed-server ARGUMENTS` to its end; its JSON summary.
    static func run(_ arguments: [String]) async throws -> [String: Any] {
        let run = try await WorkerProcess.run(arguments)
        try #require(run.status == 0, "photofeed-server \(arguments.joined(separator: " ")): \(run.errors)")
        let last = run.output.split(separator: "\n").last.map(String.init) ?? ""
        return try #require(try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], "\(run.output)")
    }

    @Test(arguments: Backend.allCases)
    func aScrapeShowsTheExactTotalsOfAWorkerInAnotherProcess(_ backend: Backend) async throws {
        try #require(WorkerProcess.isBuilt, "build first: swift build (\(WorkerProcess.executable.path))")
        let (service, database) = try Self.service(backend)
        let worker = "metrics \"worker\" 1"
        let sync = ["sync", "--db", database, "--clock", "virtual", "--until-idle", "--format", "json",
                    "--worker-id", worker, "--failure-rate", "0.6", "--max-attempts", "2", "--batch-size", "3"]
        try await service.application().test(.router) { client in
            // Given a server whose feed page is cached (so completions have cells to lay out
            // again), and no worker yet
            let page = try await client.execute(uri: "/v1/feed?width=375&scale=2&limit=50", method: .get)
            #expect(page.status == .ok)
            let before = try await client.execute(uri: "/metrics", method: .get)
            #expect(Self.workerSamples(ServiceFixture.text(before)).isEmpty)

            // When a worker in another process runs the queue dry
            let first = try await Self.run(sync)

            // Then the next scrape shows its totals, exactly its summary's, with their help
            let text = ServiceFixture.text(try await client.execute(uri: "/metrics", method: .get))
            let samples = try #require(Self.workerSamples(text)[worker], "\(text)")
            let batches = try #require(samples["batches_total"])
            #expect(samples.filter { $0.key != "last_update_timestamp_seconds" }
                    == Self.expected([first], batches: batches))
            #expect(batches >= 1 && (first["completed"] as? Int ?? 0) > 0 && (first["relayouts"] as? Int ?? 0) > 0)
            #expect((samples["last_update_timestamp_seconds"] ?? 0) > 1_700_000_000)
            #expect(text.contains("# HELP photofeed_sync_worker_completed_total "))
            #expect(text.contains("# TYPE photofeed_sync_worker_completed_total counter"))
            #expect(text.contains("photofeed_sync_worker_completed_total{worker=\"metrics \\\"worker\\\" 1\"}"))

            // When the failed jobs are made pending again and the worker runs again under its name
            let retried = try await Self.run(["jobs", "retry", "--db", database, "--format", "json"])
            #expect((retried["retried"] as? Int ?? 0) > 0, "the first run should leave failed jobs")
            let second = try await Self.run(sync)

            // Then its counters go on from where they were: the two runs added up
            let again = ServiceFixture.text(try await client.execute(uri: "/metrics", method: .get))
            let later = try #require(Self.workerSamples(again)[worker])
            let moreBatches = try #require(later["batches_total"])
            #expect(moreBatches > batches)
            #expect(later.filter { $0.key != "last_update_timestamp_seconds" }
                    == Self.expected([first, second], batches: moreBatches))
        }
    }
}
