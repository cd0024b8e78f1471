import FeedService
import FeedStore
import FeedStorePostgres
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import LayoutTestSupport
import Logging
import NIOPosix
import PostgresNIO
import Testing

/// `serve` on PostgreSQL: the server answers `/v1/feed` throughout while another connection
/// commits, no request fails, and after each commit the page it answers changes (its cached
/// response is dropped when the commit's notification arrives). The cluster is the test run's
/// (`PHOTOFEED_TEST_POSTGRES_URL`, which bin/test sets); without it the tests fail.
@Suite(.serialized) struct PostgresServeTests {
    /// A new schema of the test cluster's database, and the location whose tables live in it.
    static func freshSchema() throws -> PostgresLocation {
        guard let url = ProcessInfo.processInfo.environment["PHOTOFEED_TEST_POSTGRES_URL"], !url.isEmpty else {
            throw TestClusterMissing()
        }
        var location = try PostgresLocation(url: url)
        let schema = "serve_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        let logger = Logger(label: "photofeed.tests.postgres")
        let connection = try PostgresConnection.connect(
            on: MultiThreadedEventLoopGroup.singleton.next(),
            configuration: .init(host: location.host, port: location.port, username: location.username,
                                 password: location.password, database: location.database, tls: .disable),
            id: 0, logger: logger).wait()
        defer { try? connection.close().wait() }
        _ = try connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(schema)"), logger: logger).wait()
        location.searchPath = schema
        return location
    }

    struct TestClusterMissing: Error, CustomStringConvertible {
        var description: String {
            "PHOTOFEED_TEST_POSTGRES_URL is not set: run the tests with bin/test, or start a cluster with "
                + "bin/postgres-dev start and export its URL"
        }
    }

    static let seedData = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("seed-data")

    /// The number of items of the page at `url`.
    static func itemCount(_ url: URL) async throws -> Int? {
        let body = try await URLSession.shared.data(from: url).0
        return ((try JSONSerialization.jsonObject(with: body) as? [String: Any])?["items"] as? [Any])?.count
    }

    @Test func readersNeverFailAndSeeEachCommit() async throws {
        // Given a PostgreSQL store with 10 photos, and a server on it
        let location = try Self.freshSchema()
        let store = try PostgresFeedStore(location: location)
        try store.seedGenerated(count: 10, rngSeed: 1, seedDataDirectory: Self.seedData)
        var logger = Logger(label: "photofeed.serve.tests")
        logger.logLevel = .warning
        let service = try FeedHTTPService(store: store, port: 0, logger: logger)
        let listening = AsyncStream<Int>.makeStream()
        let running = Task { try await service.run { port in listening.continuation.yield(port) } }
        defer { running.cancel() }
        var ports = listening.stream.makeAsyncIterator()
        let port = try #require(await ports.next())
        let page = try #require(URL(string: "http://127.0.0.1:\(port)/v1/feed?width=375&scale=3&limit=20"))

        // When readers ask for the page all along while another connection commits three times
        let reading = Task {
            var answered = 0, failed = 0
            while !Task.isCancelled {
                let response = try? await URLSession.shared.data(from: page)
                if (response?.1 as? HTTPURLResponse)?.statusCode == 200 {
                    answered += 1
                } else if !Task.isCancelled {
                    failed += 1
                }
            }
            return (answered, failed)
        }
        let writer = try PostgresFeedStore(location: location)
        #expect(try await Self.itemCount(page) == 10)
        for count in [12, 14, 16] {
            try writer.seedGenerated(count: count, rngSeed: 1, seedDataDirectory: Self.seedData)
            // Then the page shows the new photos once the commit's notification has arrived (a
            // request answered before that may still get the page from before the commit)
            let deadline = ContinuousClock.now + .seconds(20)
            var items = try await Self.itemCount(page)
            while items != count, ContinuousClock.now < deadline {
                items = try await Self.itemCount(page)
            }
            #expect(items == count, "the page did not show the \(count) photos committed")
        }
        reading.cancel()
        let (answered, failed) = await reading.value
        #expect(failed == 0)
        #expect(answered > 0)
        running.cancel()
        _ = try? await running.value
    }

    /// `photofeed-server serve --db postgres://…` as a process: it answers, and SIGTERM stops it
    /// with status 0; `--with-sync` on PostgreSQL is a usage error (status 64) naming the flag.
    @Test(.tags(.slow), .notInQuickRuns) func theServerProcessServesAPostgreSQLDatabase() async throws {
        try #require(FileManager.default.isExecutableFile(atPath: ServeProcessTests.executable.path))
        let location = try Self.freshSchema()
        try PostgresFeedStore(location: location).seedGenerated(count: 5, rngSeed: 1, seedDataDirectory: Self.seedData)
        let (process, output, _) = try ServeProcessTests.start(["--db", location.description])
        defer { if process.isRunning { process.interrupt() } }
        let line = try #require(await ServeProcessTests.firstLine(output))
        #expect(line.hasPrefix("listening on http://127.0.0.1:"))
        let base = String(line.dropFirst("listening on ".count))
        let url = try #require(URL(string: base + "/v1/feed?width=375&limit=2"))
        let (body, response) = try await URLSession.shared.data(from: url)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let page = try JSONSerialization.jsonObject(with: body) as? [String: Any]
        #expect((page?["items"] as? [Any])?.count == 2)
        kill(process.processIdentifier, SIGTERM)
        #expect(try await ServeProcessTests.wait(process))
        #expect(process.terminationStatus == 0)

        let (withSync, _, errors) = try ServeProcessTests.start(["--db", location.description, "--with-sync"])
        #expect(try await ServeProcessTests.wait(withSync))
        #expect(withSync.terminationStatus == 64)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(stderr.contains("--with-sync"), "\(stderr)")
    }
}
