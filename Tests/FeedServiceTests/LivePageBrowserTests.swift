import BrowserTestSupport
import FeedModel
import FeedService
import FeedStore
import Foundation
import HTTPTestSupport
import HummingbirdTesting
import LayoutTestSupport
import Logging
import StoreTestSupport
import Synchronization
import Testing

/// The page at `/` follows the change stream in Debian's headless chromium: while the sync
/// daemon completes geocodes and comment feeds in another process, the page's cells take the
/// heights the API gives at the end, without a reload.
@Suite(.serialized, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10)) struct LivePageBrowserTests {
    /// Each cell's height on a page as the DOM has it (`section.cell` style), by photo id.
    static func cellHeights(dom: String) throws -> [Int: Double] {
        let pattern = try Regex(#"<section class="cell" data-photo-id="(\d+)" style="width: [\d.]+px; height: ([\d.]+)px"#)
        var heights: [Int: Double] = [:]
        for match in dom.matches(of: pattern) {
            if let id = Int(match.output[1].substring ?? ""), let height = Double(match.output[2].substring ?? "") {
                heights[id] = height
            }
        }
        return heights
    }

    /// Each item's height on a page of the API, by photo id.
    static func apiHeights(_ client: HTTPTestClient, _ query: String) async throws -> [Int: Double] {
        let response = try await client.get("/v1/feed?\(query)")
        let page = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any] ?? [:]
        var heights: [Int: Double] = [:]
        for item in page["items"] as? [[String: Any]] ?? [] {
            let size = (item["layout"] as? [String: Any])?["size"] as? [Double] ?? []
            if let id = item["photoId"] as? Int, size.count == 2 { heights[id] = size[1] }
        }
        return heights
    }

    @Test func thePageReachesTheFinalHeightsWhileTheDaemonRuns() async throws {
        let chromium = try HeadlessChromium.locate()
        // Given 12 generated photos with their jobs pending, and a server whose page follows changes
        let directory = try FeedTestStore.temporaryDirectory()
        let path = directory.appendingPathComponent("feed.sqlite").path
        let store = try FeedStore(path: path, migrationsDirectory: FeedTestStore.migrationsDirectory)
        try store.seedGenerated(count: 12, rngSeed: 7,
                                seedDataDirectory: FeedTestStore.projectRoot.appendingPathComponent("seed-data"))
        var logger = Logger(label: "photofeed.serve.tests")
        logger.logLevel = .warning
        let service = try FeedHTTPService(
            store: store, port: 0, logger: logger, htmlProbe: .liveUpdates, storeDeadline: ServiceFixture.storeDeadline,
            idleTimeout: ServiceFixture.idleTimeout,
            changeStream: ChangeStreamSettings(pollInterval: .milliseconds(10), fallbackRead: .milliseconds(250)))
        let query = "width=375&scale=3&limit=12"
        try await service.application().test(.live) { live in
            // Requests go through HTTPTestClient, whose time limit scales in a sanitized run (the
            // live client's is a fixed 20 s, which a thread-sanitized run went past)
            let client = HTTPTestClient(port: try #require(live.port))
            let port = client.port
            let before = try await Self.apiHeights(client, query)
            try #require(before.count == 12)

            // When chromium shows the page (for 45 s: a whole test run shares two cores; scaled in a
            // sanitized run) and, once the page follows the stream, the daemon runs every job to the
            // end in another process
            let page = try #require(URL(string: "http://127.0.0.1:\(port)/?\(query)"))
            let chromiumEnded = Mutex(false)
            let browsing = Task {
                defer { chromiumEnded.withLock { $0 = true } }
                return await BlockingWorkThreads.run {
                    Result { try chromium.run(["--timeout=\(45_000 * TestTimeScale.factor)", "--dump-dom"], page: page,
                                              workDirectory: directory, timeout: 150 * Double(TestTimeScale.factor)) }
                }
            }
            // (until the page subscribes, or chromium ends without it: its own limit bounds the wait)
            var subscribers = 0.0
            while subscribers < 2, !chromiumEnded.withLock({ $0 }) {
                let metrics = try await client.get("/metrics").text
                subscribers = InProcessSyncTests.sample("photofeed_change_subscribers", in: metrics) ?? 0
                await Task.yield()
            }
            try #require(subscribers >= 2, "the page did not open the change stream")
            let daemon = try WorkerProcess(["sync", "--db", path, "--clock", "virtual", "--until-idle"])
            #expect(try await daemon.finish() == 0, "\(daemon.standardError)")
            let dom = try await browsing.value.get()

            // Then every cell on the page has the height the API gives now, and the daemon's work
            // changed some of them
            let after = try await Self.apiHeights(client, query)
            let shown = try Self.cellHeights(dom: dom)
            #expect(shown.count == 12)
            for (photo, height) in after {
                let drawn = try #require(shown[photo], "photo \(photo) is not on the page")
                #expect(abs(drawn - height) < 0.001, "photo \(photo): the page shows \(drawn), the API \(height)")
            }
            #expect(after.contains { before[$0.key] != $0.value }, "the daemon changed no height")
        }
    }
}
