import FeedStorePostgres
import Foundation
import LayoutTestSupport
import ProxyTestSupport
import Testing

/// A `photofeed-server sync` worker cut off from PostgreSQL without a word (its host suspended,
/// the network between partitioned), simulated by a proxy of the test's own (``FreezableProxy``)
/// in front of a cluster of the test's own: the proxy forwards the statement with which the
/// worker's commit updates its jobs, then freezes. The server runs it and the worker's session
/// sits idle in the transaction, holding its jobs' rows; the worker waits for an answer that
/// never comes.
///
/// The store's limits are shortened through the URL's `options` (libpq's), so that the test
/// takes seconds: the server's `statement_timeout` 3 s (the worker's deadline for an answer is
/// 5 s more) and `idle_in_transaction_session_timeout` 2 s, with a lease of 4 s.
@Suite(.blockingWork, .serialized, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10)) struct FrozenWorkerTests {
    static let photos = 60
    static let arguments = SyncWorkerProcessTests.syncArguments + ["--clock", "virtual", "--lease", "4"]

    /// The cluster's location with the short limits, through `proxy` when given.
    static func limited(_ location: PostgresLocation, through proxy: FreezableProxy? = nil) -> PostgresLocation {
        var location = location
        location.statementTimeout = .seconds(3)
        location.idleInTransactionTimeout = .seconds(2)
        if let proxy {
            location.host = "127.0.0.1"
            location.port = proxy.port
        }
        return location
    }

    @Test func aFrozenWorkersJobsGoToAnotherAndItExits75() async throws {
        try #require(WorkerProcess.isBuilt, "build first: swift build (\(WorkerProcess.executable.path))")
        let cluster = try PrivateCluster.start()
        defer { cluster.stop() }
        let server = try PostgresLocation(url: cluster.url)
        let reference = try WorkerFixture.seededSchema(photos: Self.photos, in: server)
        let subject = try WorkerFixture.seededSchema(photos: Self.photos, in: server)
        try await SyncWorkerProcessTests.referenceRun(reference)

        let proxy = try FreezableProxy(upstreamHost: server.host, upstreamPort: server.port)
        defer { proxy.stop() }
        // The job updates of a batch's commit (PostgresBatchWriter): sent, then silence.
        proxy.freeze(afterClientSends: "AS r(id, expected, state, attempts, next_run_at, result)")
        let frozen = try WorkerProcess(Self.arguments + ["--worker-id", "frozen",
                                                         "--db", Self.limited(subject, through: proxy).url])
        try await poll("the worker's first commit", within: .seconds(120)) { proxy.isFrozen || !frozen.isRunning }
        try #require(proxy.isFrozen, "the worker ended before its first commit: \(frozen.standardError)")
        let froze = ContinuousClock.now
        let held = try PostgresFeedSnapshot.integers(
            "SELECT id FROM sync_job WHERE lease_owner = 'frozen' AND state = 'running' ORDER BY id", in: subject)

        // The server ends the frozen worker's session, idle in its transaction, and frees its rows.
        try await poll("the server to end the frozen session", within: .seconds(30)) {
            try PostgresFeedSnapshot.integers(
                """
                SELECT COUNT(*) FROM pg_stat_activity
                WHERE backend_type = 'client backend' AND xact_start IS NOT NULL AND pid <> pg_backend_pid()
                """, in: subject) == [0]
        }
        let freed = froze.duration(to: .now)

        // A second worker, straight to the server, drains the queue, the frozen worker's jobs included.
        let other = try WorkerProcess(Self.arguments + ["--worker-id", "direct", "--until-idle",
                                                        "--db", Self.limited(subject).url])
        try await poll("the frozen worker's jobs to be done", within: .seconds(60)) {
            try PostgresFeedSnapshot.integers(
                "SELECT id FROM sync_job WHERE lease_owner = 'frozen' OR (id = ANY('{\(held.map(String.init).joined(separator: ","))}') AND state IN ('pending', 'running'))",
                in: subject).isEmpty
        }
        let handedOver = froze.duration(to: .now)
        #expect(try await other.finish() == 0, "the direct worker failed: \(other.standardError)")
        let drained = froze.duration(to: .now)

        // The frozen worker gives up: the deadline of its statement, then the reconnect budget.
        let status = try await frozen.finish()
        let exited = froze.duration(to: .now)
        let errors = frozen.standardError.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(status == 75, "the frozen worker: \(frozen.standardError)")
        #expect(errors.count == 1 && errors.first?.contains("cannot reach the PostgreSQL database") == true,
                "\(frozen.standardError)")
        print("frozen worker: \(held.count) jobs held; rows freed after \(freed); "
              + "taken and done by the other worker after \(handedOver), "
              + "queue drained after \(drained), the frozen worker exited \(String(describing: status)) after \(exited): "
              + (errors.first.map(String.init) ?? ""))
        #expect(!held.isEmpty)
        // 3 s + 5 s for the unanswered statement, 6.35 s of reconnect budget, and a margin for the
        // loaded machine.
        #expect(exited < .seconds(25))
        #expect(freed < .seconds(10) && handedOver < .seconds(20))

        // Nothing lost or applied twice: the feed one worker alone leaves.
        #expect(try PostgresFeedSnapshot.jobStates(subject).keys.allSatisfy { ["done", "failed"].contains($0) })
        #expect(try PostgresFeedSnapshot.take(subject) == PostgresFeedSnapshot.take(reference))
        #expect(try PostgresFeedSnapshot.layoutCounts(subject).stale == 0)
    }

    /// A server out of reach fails a store's operation within the reconnect budget (6.35 s),
    /// however its connections fail: refused, reset at once, or accepted and never answered
    /// (where each attempt used to wait out the 10 s `connect_timeout`: 86 s in all).
    @Test(arguments: ["refused", "reset", "silent"])
    func anUnreachableServerFailsWithinTheBudget(way: String) throws {
        let proxy = try Self.unreachable(way)
        defer { proxy.stop() }
        var location = try TestCluster.location()
        (location.host, location.port) = ("127.0.0.1", proxy.port)

        let started = ContinuousClock.now
        let error = #expect(throws: PostgresStoreError.self) { _ = try WorkerFixture.open(location, reconnect: .standard) }
        let took = started.duration(to: .now)
        print("\(way): failed after \(took): \(error.map { "\($0)" } ?? "")")
        guard case .unreachable? = error else {
            Issue.record("expected unreachable, got \(String(describing: error))")
            return
        }
        // The budget, and at most the half second a lease waits before it probes the server.
        #expect(took >= .seconds(6) && took < .seconds(8), "\(way): \(took)")
    }

    /// A worker started against a silent server exits 75 with one line.
    @Test func aWorkerFacingASilentServerExits75WithOneLine() async throws {
        try #require(WorkerProcess.isBuilt, "build first: swift build (\(WorkerProcess.executable.path))")
        let proxy = try Self.unreachable("silent")
        defer { proxy.stop() }
        var location = try TestCluster.location()
        (location.host, location.port) = ("127.0.0.1", proxy.port)

        let started = ContinuousClock.now
        let run = try await WorkerProcess.run(["sync", "--until-idle", "--db", location.url])
        let took = started.duration(to: .now)
        print("a worker facing a silent server: exit \(String(describing: run.status)) after \(took): \(run.errors)")
        #expect(run.status == 75)
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 1 && lines.first?.hasPrefix("error: cannot reach the PostgreSQL database") == true
                && lines.first?.hasSuffix("the server did not answer") == true, "\(run.errors)")
        // (the process's start on a loaded machine comes on top of the budget)
        #expect(took < .seconds(15))
    }

    /// A proxy in front of the test cluster whose connections fail `way`.
    static func unreachable(_ way: String) throws -> FreezableProxy {
        let server = try TestCluster.location()
        let proxy = try FreezableProxy(upstreamHost: server.host, upstreamPort: server.port)
        switch way {
        case "refused": proxy.stop()  // (its port closed: nothing listens there any more)
        case "reset": proxy.resetNewConnections()
        default: proxy.freeze()
        }
        return proxy
    }

    /// Polls `condition` every 50 ms until it holds; fails after `limit`.
    func poll(_ what: String, within limit: Duration, _ condition: () throws -> Bool) async throws {
        let deadline = ContinuousClock.now + limit
        while try !condition() {
            guard ContinuousClock.now < deadline else { throw PollTimeout(what: what, limit: limit) }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    struct PollTimeout: Error, CustomStringConvertible {
        let what: String
        let limit: Duration
        var description: String { "waited \(limit) for \(what)" }
    }
}
