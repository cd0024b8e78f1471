import Foundation
import LayoutTestSupport
import StoreTestSupport
import Testing

/// The test sources keep the two rules that stop a run from hanging (architecture rule 13):
/// no test talks HTTP through Foundation's URL session type (its corelibs implementation can hang
/// or crash the whole run), and every suite that starts processes or opens sockets or database
/// connections carries a `.timeLimit`, so a hang is reported against its test. Every limit is
/// given as `.timeLimit(minutes:)`, which scales it in a sanitized run (``TestTimeScale``). A
/// third keeps the cooperative pool free: every suite whose tests block their thread carries
/// `.blockingWork`.
@Suite struct TestSuiteRulesTests {
    /// What a suite's file does when it starts a process, a server, a socket or a PostgreSQL
    /// connection, directly or through the support types that do.
    static let markers = [
        "Process()", "processExitsWith", "(.live)", "PhotoFeedProcess.run", "PhotoFeedProcess.Running",
        "WorkerProcess(", "WorkerProcess.run", "HeadlessChromium.locate",
        "ServeProcessTests.", "TestCluster.", "StoreFactory.postgres", "StoreBackend.allCases", "BothStores(",
        "PostgresConnection.connect", "HTTPTestClient(", "ServerBootstrap", "service.run", "EventStreamTestClient.open",
    ]

    /// Every Swift file under `Tests/`, with its path relative to the checkout.
    static func testSources() throws -> [(path: String, text: String)] {
        let tests = FeedTestStore.projectRoot.appendingPathComponent("Tests")
        let files = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        return try files.map { file in
            (String(file.path.dropFirst(FeedTestStore.projectRoot.path.count + 1)),
             try String(contentsOf: file, encoding: .utf8))
        }.sorted { $0.path < $1.path }
    }

    /// The text of each `@Suite` attribute in `source`, up to the type it marks.
    static func suiteAttributes(in source: String) -> [Substring] {
        var attributes: [Substring] = []
        var rest = source[...]
        while let start = rest.range(of: "@Suite") {
            let tail = rest[start.lowerBound...]
            let end = ["struct ", "final class ", "enum "].compactMap { tail.range(of: $0)?.lowerBound }.min()
                ?? tail.endIndex
            attributes.append(tail[..<end])
            rest = tail[end...]
        }
        return attributes
    }

    @Test func noTestTalksHTTPThroughFoundation() throws {
        let sources = try Self.testSources()
        #expect(sources.count > 100)
        let name = "URL" + "Session"  // spelled apart, so that `git grep` finds the name nowhere in Tests
        let offenders = sources.filter { $0.text.contains(name) }.map(\.path)
        #expect(offenders == [], "use HummingbirdTesting's clients or HTTPTestClient")
    }

    /// The suites of the files that contain one of `markers` (this file aside), and among them
    /// those whose attribute lacks `trait`.
    static func suites(in markers: [String], lacking trait: String) throws -> (checked: Int, offenders: [String]) {
        let ownFile = URL(fileURLWithPath: #filePath).lastPathComponent
        var checked = 0
        var offenders: [String] = []
        for (path, text) in try testSources() where !path.hasSuffix(ownFile) {
            guard markers.contains(where: text.contains) else { continue }
            for attribute in suiteAttributes(in: text) {
                checked += 1
                if !attribute.contains(trait) { offenders.append("\(path): \(attribute)") }
            }
        }
        return (checked, offenders)
    }

    @Test func everySuiteThatStartsProcessesOrSocketsHasATimeLimit() throws {
        let (checked, offenders) = try Self.suites(in: Self.markers, lacking: ".timeLimit(")
        #expect(checked > 20)
        #expect(offenders == [], "add .timeLimit(minutes: …) to these suites")
    }

    /// Where `.timeLimit(minutes:)` is defined: the one file that gives Swift Testing's limit itself.
    static let timeLimitHelper = "Tests/LayoutTestSupport/TestTimeLimits.swift"

    @Test func everyTimeLimitScalesWithTheRun() throws {
        let ownFile = URL(fileURLWithPath: #filePath).lastPathComponent
        let offenders = try Self.testSources()
            .filter { $0.path != Self.timeLimitHelper && !$0.path.hasSuffix(ownFile) && $0.text.contains(".timeLimit(.") }
            .map(\.path)
        #expect(offenders == [], "give limits as .timeLimit(minutes: …), which a sanitized run scales")
    }

    @Test func aSanitizedRunScalesTheLimitsUnlessTheScaleIsGiven() {
        #expect(TestTimeScale.factor(environment: [:], sanitized: false) == 1)
        #expect(TestTimeScale.factor(environment: [:], sanitized: true) == TestTimeScale.sanitized)
        #expect(TestTimeScale.factor(environment: ["PHOTOFEED_TEST_TIME_SCALE": "3"], sanitized: true) == 3)
        #expect(TestTimeScale.factor(environment: ["PHOTOFEED_TEST_TIME_SCALE": "2"], sanitized: false) == 2)
        #expect(TestTimeScale.factor(environment: ["PHOTOFEED_TEST_TIME_SCALE": "0"], sanitized: false) == 1)
    }

    /// What a suite's file does when its tests block their thread: a store opened through the
    /// tests' fixtures or a PostgreSQL cluster (synchronous calls), a child process or chromium
    /// waited for.
    static let blockingMarkers = [
        "FeedTestStore", "StoreFixture", "SyncFixture", "StoreKind", "StoreFactory", "TestCluster.", "StoreBackend",
        "BothStores(", "import FeedStorePostgres", "HeadlessChromium", "= Process()", "PhotoFeedProcess",
        "WorkerProcess", "CommandRunner", "ServiceFixture", "DatabaseQueue", "DatabasePool",
    ]

    /// Swift concurrency's cooperative pool has one thread per core: tests that block it starve
    /// every other test of the run (its clients' timeouts and its time limits included). The
    /// service's suites are the exception: they run the service in process, whose tasks would
    /// take the trait's threads too and queue behind blocked tests; they stay on the pool and
    /// run what blocks under `BlockingWorkThreads.run`.
    @Test func everySuiteThatBlocksItsThreadRunsOnBlockingWorkThreads() throws {
        let (checked, offenders) = try Self.suites(in: Self.blockingMarkers, lacking: ".blockingWork")
        #expect(checked > 100)
        #expect(offenders.filter { offender in
            !offender.hasPrefix(Self.serviceSuites) && !Self.nonBlockingSuites.contains { offender.hasPrefix($0) }
        } == [], "add .blockingWork to these suites")
    }

    /// Suites that carry a marker but never block: they must stay on the cooperative pool, where
    /// a run's blocked tests cannot hold their every step for minutes (a sanitized run's
    /// PostgreSQL suites hold the trait's threads that long).
    static let nonBlockingSuites = [
        // Imports the PostgreSQL store for its lease timer alone, driven on a testing event loop.
        "Tests/StoreConformanceTests/WaitingLeasesTests.swift",
    ]

    /// Where the service's suites live (this file's folder).
    static let serviceSuites = "Tests/FeedServiceTests/"

    @Test func theServicesSuitesKeepTheCooperativePool() throws {
        let ownFile = URL(fileURLWithPath: #filePath).lastPathComponent
        let service = try Self.testSources().filter { $0.path.hasPrefix(Self.serviceSuites) && !$0.path.hasSuffix(ownFile) }
        #expect(service.count > 10)
        #expect(service.filter { $0.text.contains(".blockingWork") }.map(\.path) == [])
    }

    @Test func aSuiteAttributeIsReadUpToItsType() {
        let source = """
            @Suite("A name", .timeLimit(.minutes(5)))
            struct A {}
            @Suite struct B { @Test(.timeLimit(.minutes(1))) func b() {} }
            """
        #expect(Self.suiteAttributes(in: source) == ["@Suite(\"A name\", .timeLimit(.minutes(5)))\n", "@Suite "])
    }
}
