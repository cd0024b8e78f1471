import FeedModel
@testable import FeedService
import FeedStorePostgres
import Foundation
import HTTPTestSupport
import HummingbirdTesting
import LayoutTestSupport
import Logging
import NIOFoundationCompat
import NIOPosix
import PostgresNIO
import StoreTestSupport
import Testing

/// `serve` on PostgreSQL: the server answers `/v1/feed` throughout while another connection
/// commits, no request fails, and after each commit the page it answers changes (its cached
/// response is dropped when the commit's notification arrives). The cluster is the test run's
/// (`PHOTOFEED_TEST_POSTGRES_URL`, which bin/test sets); without it the tests fail.
@Suite(.serialized, .timeLimit(minutes: 10)) struct PostgresServeTests {
    /// A new schema of the test cluster's database, and the location whose tables live in it.
    static func freshSchema() throws -> PostgresLocation {
        guard let url = ProcessInfo.processInfo.environment["PHOTOFEED_TEST_POSTGRES_URL"], !url.isEmpty else {
            throw TestClusterMissing()
        }
        var location = try PostgresLocation(url: url)
        let schema = "serve_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try withConnection(to: location) { connection, logger in
            _ = try connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schema)"), logger: logger).wait()
        }
        location.searchPath = schema
        return location
    }

    /// Runs `body` on a connection of its own to `location`'s database, closed afterwards.
    static func withConnection(to location: PostgresLocation,
                               _ body: (PostgresConnection, Logger) throws -> Void) throws {
        let logger = Logger(label: "photofeed.tests.postgres")
        let connection = try PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(),
            configuration: .init(host: location.host, port: location.port, username: location.username,
                                 password: location.password, database: location.database, tls: .disable),
            id: 0, logger: logger).wait()
        defer { try? connection.close().wait() }
        try body(connection, logger)
    }

    struct TestClusterMissing: Error, CustomStringConvertible {
        var description: String {
            "PHOTOFEED_TEST_POSTGRES_URL is not set: run the tests with bin/test, or start a cluster with "
                + "bin/postgres-dev start and export its URL"
        }
    }

    static let seedData = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("seed-data")

    /// The sum of the likes of the items of the page `client` gets at `uri`.
    static func likes(_ client: HTTPTestClient, _ uri: String) async throws -> Int? {
        let body = Data(try await client.get(uri).body)
        let items = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["items"] as? [[String: Any]]
        return items?.compactMap { $0["likes"] as? Int }.reduce(0, +)
    }

    /// Runs `statements` in one transaction in `location`'s schema, on a connection of its own.
    static func execute(_ statements: [String], in location: PostgresLocation) throws {
        let schema = location.searchPath ?? "public"
        try withConnection(to: location) { connection, logger in
            for sql in ["SET search_path TO \(schema)", "BEGIN"] + statements + ["COMMIT"] {
                _ = try connection.query(PostgresQuery(unsafeSQL: sql), logger: logger).wait()
            }
        }
    }

    @Test func readersNeverFailAndSeeEachCommit() async throws {
        // Given a PostgreSQL store with 10 photos, and a server on it
        let location = try Self.freshSchema()
        let store = try PostgresFeedStore(location: location)
        try store.seedGenerated(count: 10, rngSeed: 1, seedDataDirectory: Self.seedData, progress: nil)
        var logger = Logger(label: "photofeed.serve.tests")
        logger.logLevel = .warning
        let service = try FeedHTTPService(store: store, port: 0, logger: logger,
                                          storeDeadline: ServiceFixture.storeDeadline,
                                          idleTimeout: ServiceFixture.idleTimeout)
        let page = "/v1/feed?width=375&scale=3&limit=20"
        try await service.application().test(.live) { client in
            // When readers on a connection of their own ask for the page all along while another
            // connection commits three times
            // (The whole test run shares two cores, and its suites often hold both cooperative
            // threads for many seconds: a reader gives a request far longer than one takes.)
            let reader = HTTPTestClient(port: try #require(client.port), timeout: .seconds(150))
            let reading = Task {
                var answered = 0, failed = 0
                while !Task.isCancelled {
                    let response = try? await reader.get(page)
                    if response?.status == 200 {
                        answered += 1
                    } else if !Task.isCancelled {
                        failed += 1
                    }
                }
                return (answered, failed)
            }
            defer { reading.cancel() }
            #expect(try await Self.likes(reader, page) != nil)
            for round in 1...3 {
                let before = try await Self.likes(reader, page) ?? 0
                // another connection's write, with the notification every store write sends
                try Self.execute(["UPDATE photo SET likes = likes + 1",
                                  "SELECT pg_notify('\(location.changeChannel)', '')"], in: location)
                // Then the page shows the new likes once the commit's notification has arrived (a
                // request answered before that may still get the page from before the commit)
                let deadline = ContinuousClock.now + .seconds(60)
                var likes = try await Self.likes(reader, page)
                while likes == before, ContinuousClock.now < deadline {
                    likes = try await Self.likes(reader, page)
                }
                #expect(likes == before + 10, "the page did not change after write \(round)")
            }
            reading.cancel()
            let (answered, failed) = await reading.value
            #expect(failed == 0)
            #expect(answered > 0)
        }
    }

    /// PostgreSQL stopped under a running server (a cluster of the test's own): each request is
    /// 503 with `Retry-After` and the generic detail, not a 500 carrying the URL or the driver's
    /// words, and not after the reconnect delays (the client gives each request 5 s; the old
    /// answer took 6.4); the outage is one `error` line, however many requests meet it; once the
    /// database is back, the same server answers again.
    @Test func aDatabaseThatGoesAwayIs503UntilItComesBack() async throws {
        let cluster = try PrivateCluster.start()
        defer { cluster.stop() }
        let store = try PostgresFeedStore(location: try PostgresLocation(url: cluster.url))
        try store.seedGenerated(count: 10, rngSeed: 1, seedDataDirectory: Self.seedData, progress: nil)
        let ids = try store.feedPage(after: nil, limit: 10).items.map(\.photo.id)
        let recorder = LogRecorder()
        let service = try FeedHTTPService(store: store, port: 0, logger: recorder.logger(level: .notice),
                                          storeDeadline: ServiceFixture.storeDeadline,
                                          idleTimeout: ServiceFixture.idleTimeout)
        try await service.application().test(.live) { live in
            let client = HTTPTestClient(port: try #require(live.port), timeout: .seconds(5))
            #expect(try await client.get("/v1/photos/\(ids[0])?width=375").status == 200)

            // When the database stops at once, requests of photos the server has not cached
            try cluster.stopServer()
            for id in ids[1...3] {
                let response = try await client.get("/v1/photos/\(id)?width=375")
                // Then each is 503, to be tried again, saying nothing of the database's address
                #expect(response.status == 503)
                #expect(response.headers["Retry-After"] == ["1"])
                let body = String(decoding: response.body, as: UTF8.self)
                #expect(body.contains(FeedAPI.unavailable))
                #expect(!body.contains("postgres://") && !body.contains("127.0.0.1") && !body.contains("PSQLError"))
            }
            #expect(recorder.records.count { $0.level == .error } == 1, "\(recorder.records.map(\.message))")

            // And when it is back, the same server answers again
            try cluster.startServer()
            var status = 0
            for _ in 0..<20 where status != 200 {
                status = try await client.get("/v1/photos/\(ids[4])?width=375").status
            }
            #expect(status == 200)
        }
    }

    /// `photofeed-server serve --db postgres://…` as a process: it answers, and SIGTERM stops it
    /// with status 0; with `--with-sync` too (a sync worker of the database's queue in the
    /// process), which gives back the jobs it held when it stops.
    @Test(.tags(.slow), .notInQuickRuns) func theServerProcessServesAPostgreSQLDatabase() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ServeProcessTests.executable.path))
        let location = try Self.freshSchema()
        let store = try PostgresFeedStore(location: location)
        try store.seedGenerated(count: 5, rngSeed: 1, seedDataDirectory: Self.seedData, progress: nil)
        try await ServeProcessTests.servesAPageThenStopsOnSIGTERM(["--db", location.description])

        try await ServeProcessTests.servesAPageThenStopsOnSIGTERM(["--db", location.description, "--with-sync"])
        #expect(try store.unfinishedJobCount() == store.pendingJobs().count, "no job left running")
    }
}
