import FeedModel
import FeedService
import FeedStore
import FeedSync
import Foundation
import HTTPTestSupport
import Logging
import PhotoFeed
import StoreTestSupport
import Synchronization
import LayoutTestSupport
import Testing

/// `serve --with-sync`: the sync daemon in the server's process completes the jobs, relayouts the
/// cells it changed, publishes its counts in `/metrics`, and the pages served and the change
/// stream change with it.
/// The daemon runs on simulated time, so the run is deterministic and takes no real waiting.
/// The test runs the service's whole `run()` (the server and the daemon in one service group),
/// which HummingbirdTesting's frameworks do not drive, so it talks to the port it listens on.
@Suite(.timeLimit(minutes: 10)) struct InProcessSyncTests {
    /// Simulated time that gives the other tasks a turn at every wait, so that the daemon's idle
    /// polling (instant on simulated time) shares the threads with the server.
    final class TakingTurnsClock: SyncClock {
        let base = VirtualClock()
        var isSimulated: Bool { true }
        func now() -> Duration { base.now() }
        func sleep(until deadline: Duration) async throws {
            await Task.yield()
            try await base.sleep(until: deadline)
        }
    }

    /// ``TakingTurnsClock`` whose time stands still until ``open()``: the daemon waits at its
    /// first sleep for the test to be ready.
    final class GatedClock: SyncClock {
        let base = TakingTurnsClock()
        /// Whether the gate is open, and the sleepers waiting for it.
        private let gate = Mutex<(isOpen: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))
        var isSimulated: Bool { true }
        func now() -> Duration { base.now() }

        func open() {
            let waiting = gate.withLock { gate in
                gate.isOpen = true
                defer { gate.waiting = [] }
                return gate.waiting
            }
            for sleeper in waiting { sleeper.resume() }
        }

        func sleep(until deadline: Duration) async throws {
            await withCheckedContinuation { sleeper in
                let isOpen = gate.withLock { gate in
                    if !gate.isOpen { gate.waiting.append(sleeper) }
                    return gate.isOpen
                }
                if isOpen { sleeper.resume() }
            }
            try await base.sleep(until: deadline)
        }
    }

    /// The value of the sample `name` (without labels) in a Prometheus text exposition.
    static func sample(_ name: String, in text: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
            .flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    static func get(_ client: HTTPTestClient, _ path: String) async throws -> (body: Data, status: Int) {
        let response = try await client.get(path)
        return (Data(response.body), response.status)
    }

    @Test func theDaemonCompletesJobsAndItsCountsAreInMetrics() async throws {
        // Given 40 generated photos, none geocoded, each with pending jobs, and their cells'
        // layouts cached at 375 points (so that the daemon's completions relayout them)
        let path = try FeedTestStore.temporaryDirectory().appendingPathComponent("feed.sqlite").path
        let store = try FeedStore(path: path, migrationsDirectory: FeedTestStore.migrationsDirectory,
                                  clock: FeedTestStore.clock)
        let seedData = FeedTestStore.projectRoot.appendingPathComponent("seed-data")
        try store.seedGenerated(count: 40, rngSeed: 7, seedDataDirectory: seedData)
        let jobs = try store.jobCounts().map(\.count).reduce(0, +)
        try #require(jobs > 0)
        _ = try FeedController(store: store).page(width: 375, scale: 2, limit: 40, after: nil)
        let resolvedBefore = try store.feedPage(after: nil, limit: 40).items
            .count { $0.location?.geocodeState == .resolved }
        #expect(resolvedBefore == 0)

        // When the server runs with the daemon in its process
        var logger = Logger(label: "photofeed.serve.tests")
        logger.logLevel = .warning
        let service = try FeedHTTPService(store: store, port: 0, withSync: true, logger: logger,
                                          syncClock: TakingTurnsClock(), storeDeadline: ServiceFixture.storeDeadline,
                                          idleTimeout: ServiceFixture.idleTimeout)
        let (running, port) = try await ServiceFixture.running(service)
        defer { running.cancel() }
        let client = HTTPTestClient(port: port)

        // Then /metrics reports the daemon's counts until nothing is pending (each request is a
        // real round trip; the daemon needs no real time)
        var metrics = ""
        for _ in 0..<10_000 {
            metrics = String(decoding: try await Self.get(client, "/metrics").body, as: UTF8.self)
            if Self.sample("photofeed_sync_pending", in: metrics) == 0,
               (Self.sample("photofeed_sync_completed", in: metrics) ?? 0) > 0 { break }
            await Task.yield()
        }
        let counts = try store.jobCounts()
        let done = counts.filter { $0.state == "done" }.map(\.count).reduce(0, +)
        let failed = counts.filter { $0.state == "failed" }.map(\.count).reduce(0, +)
        #expect(Self.sample("photofeed_sync_pending", in: metrics) == 0)
        #expect(done + failed == jobs)
        #expect(Self.sample("photofeed_sync_completed", in: metrics) == Double(done))
        #expect(Self.sample("photofeed_sync_failed", in: metrics) == Double(failed))
        #expect(Self.sample("photofeed_sync_relayouts", in: metrics) != nil)
        #expect(Self.sample("photofeed_sync_retried", in: metrics) != nil)

        // and the page the server answers shows the daemon's work: places named by geocoding
        let resolvedAfter = try store.feedPage(after: nil, limit: 40).items
            .count { $0.location?.geocodeState == .resolved }
        #expect(resolvedAfter > 0)
        let (body, status) = try await Self.get(client, "/v1/feed?width=375&limit=40")
        #expect(status == 200)
        let page = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        let items = page?["items"] as? [[String: Any]] ?? []
        #expect(items.count == 40)
        #expect(items.count { $0["location"] is String } > 0)

        // Cancelling the run stops the server and the daemon, and the run returns
        running.cancel()
        _ = try? await running.value
    }

    /// The change stream of a server whose daemon runs in its process: the daemon's commits reach
    /// a client as they do from a daemon in another process (the hub's change watcher holds a
    /// connection of its own, so the server's own commits wake it).
    @Test func aStreamClientFollowsTheDaemonInTheServersProcess() async throws {
        let path = try FeedTestStore.temporaryDirectory().appendingPathComponent("feed.sqlite").path
        let store = try FeedStore(path: path, migrationsDirectory: FeedTestStore.migrationsDirectory,
                                  clock: FeedTestStore.clock)
        try store.seedGenerated(count: 30, rngSeed: 5,
                                seedDataDirectory: FeedTestStore.projectRoot.appendingPathComponent("seed-data"))
        let start = try await store.changes(after: .max, limit: 1).head
        let clock = GatedClock()
        var logger = Logger(label: "photofeed.serve.tests")
        logger.logLevel = .warning
        let service = try FeedHTTPService(
            store: store, port: 0, withSync: true, logger: logger, syncClock: clock,
            storeDeadline: ServiceFixture.storeDeadline, idleTimeout: ServiceFixture.idleTimeout,
            changeStream: ChangeStreamSettings(pollInterval: .milliseconds(5), heartbeat: .milliseconds(200)))
        let (running, port) = try await ServiceFixture.running(service)
        defer { running.cancel() }

        // When a client follows the stream from before the daemon's first commit until the
        // daemon has nothing left to do
        let stream = try await EventStreamTestClient.open(port: port, path: "/v1/changes?width=375&scale=3&since=\(start)")
        let connected = try await store.changes(after: .max, limit: 1).head
        clock.open()
        var ids: [Int64] = []
        var last: [Int: String] = [:]
        for try await event in stream.events {
            if event.event == "cell", let id = event.id.flatMap({ Int64($0) }), let data = event.data {
                ids.append(id)
                let item = try #require(try JSONSerialization.jsonObject(with: Data(data.utf8)) as? [String: Any])
                last[try #require(item["photoId"] as? Int)] = data
            }
            let pending = try store.jobCounts().filter { $0.state == "pending" || $0.state == "running" }.count
            if pending == 0, let newest = ids.last, newest >= (try await store.changes(after: .max, limit: 1).head) {
                break
            }
        }
        stream.close()

        // Then it received the daemon's changes in order, and each photo's last event is the item
        // the server gives now
        #expect(ids.contains { $0 > connected }, "committed while the client followed: \(ids), from \(connected)")
        #expect(last.count == 30)
        #expect(ids == ids.sorted() && Set(ids).count == ids.count)
        let client = HTTPTestClient(port: port)
        for (photo, data) in last {
            let now = try await client.get("/v1/photos/\(photo)?width=375&scale=3")
            #expect(data == String(decoding: now.body, as: UTF8.self).trimmingCharacters(in: .newlines), "photo \(photo)")
        }
        running.cancel()
        _ = try? await running.value
    }
}
