import FeedModel
import FeedStore
import Foundation
import Logging
@testable import PhotoFeedCLI
import StoreTestSupport
import LayoutTestSupport
import Testing

/// `photofeed sync`'s log on a standard error that is not a terminal: swift-log records written
/// as lines through ``CommandOutput`` (captured here, as a pipe or a file would get them).
@Suite(.blockingWork, .timeLimit(minutes: 10)) struct SyncLogTests {
    @Test func startProgressAndEndLines() async throws {
        let path = try FeedTestStore.seededFile()
        let pending = try Self.pendingJobs(path)
        let result = await CommandRunner.runAsync(["sync", "--db", path, "--clock", "virtual", "--until-idle",
                                                   "--rng-seed", "7", "--log-interval", "0.05"])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.err
        let first = try #require(lines.first)
        let start = try #require(first.wholeMatch(of: #/(\S+) info photofeed\.sync: started (.*)/#))
        #expect(start.1.wholeMatch(of: #/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/#) != nil, "\(first)")
        #expect(start.2 == "clock=virtual database=\(path) pending=\(pending) seed=7")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0.contains(" info photofeed.sync: progress completed=") })
        #expect(lines.last?.contains(" info photofeed.sync: stopped ") == true)
        #expect(lines.last?.contains("pending=0") == true)
        // The summary on stdout is unchanged.
        #expect(result.out.first?.hasPrefix("completed") == true)
    }

    @Test func levelFiltersTheLines() async throws {
        let path = try FeedTestStore.seededFile()
        let quiet = await CommandRunner.runAsync(["sync", "--db", path, "--clock", "virtual", "--log-level", "warning"])
        #expect(quiet.status == 0 && quiet.err.isEmpty, "\(quiet.err)")
        let path2 = try FeedTestStore.seededFile()
        let verbose = await CommandRunner.runAsync(["sync", "--db", path2, "--clock", "virtual", "--log-level", "debug"])
        #expect(verbose.err.contains { $0.contains(" debug photofeed.sync: committed batch ") })
    }

    @Test func anIdleDaemonSaysItIsWaiting() async throws {
        // Given a database whose jobs are all finished
        let path = try FeedTestStore.seededFile()
        #expect(await CommandRunner.runAsync(["sync", "--db", path, "--clock", "virtual"]).status == 0)

        // When the daemon runs for a while without --until-idle
        let result = await CommandRunner.runAsync(["sync", "--db", path, "--clock", "virtual", "--duration", "3"])

        // Then it says that it waits for new jobs
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.count == 3)
        #expect(result.err.contains { $0.contains(" info photofeed.sync: idle, waiting for new jobs ") })
    }

    @Test(arguments: [["--log-level", "loud"], ["--log-interval", "0"], ["--log-interval", "nan"],
                      ["--log-interval", "1e9"]])
    func badLogOptionsAreUsageErrors(_ options: [String]) async throws {
        let path = try FeedTestStore.seededFile()
        let result = await CommandRunner.runAsync(["sync", "--db", path, "--clock", "virtual"] + options)
        #expect(result.status == 64)
        #expect(result.err.joined().contains(options[0]))
    }

    /// Without `--log-level`, `$LOG_LEVEL` (any case) chooses the level; one that names no level
    /// is a usage error.
    @Test func theLevelComesFromTheEnvironmentWithoutTheOption() async throws {
        let path = try FeedTestStore.seededFile()
        var environment = ProcessInfo.processInfo.environment
        environment["LOG_LEVEL"] = "WARNING"
        let quiet = try await PhotoFeedProcess.run(["sync", "--db", path, "--clock", "virtual", "--until-idle"],
                                                   environment: environment)
        #expect(quiet.status == 0, "\(quiet.standardError)")
        #expect(!quiet.standardError.contains(" info photofeed.sync: "))
        environment["LOG_LEVEL"] = "loud"
        let bad = try await PhotoFeedProcess.run(["sync", "--db", path, "--clock", "virtual"], environment: environment)
        #expect(bad.status == 64)
        #expect(bad.standardError.hasPrefix(
            "error: LOG_LEVEL must be one of trace, debug, info, notice, warning, error, critical, not \"loud\""))
        let chosen = try await PhotoFeedProcess.run(
            ["sync", "--db", path, "--clock", "virtual", "--until-idle", "--log-level", "info"], environment: environment)
        #expect(chosen.status == 0 && chosen.standardError.contains(" info photofeed.sync: started "))
    }

    @Test func handlerFormatsTimeLevelLabelMessageAndSortedMetadata() {
        let captured = CommandRunner.Captured()
        var logger = Logger(label: "photofeed.sync") { label in
            CommandLogHandler(label: label, level: .info, output: captured.output,
                              now: { Date(timeIntervalSince1970: 1_750_000_000.25) })
        }
        logger[metadataKey: "database"] = "/tmp/my feed.sqlite"
        logger.info("started", metadata: ["seed": "1", "note": #"say "hi"\now"#, "empty": ""])
        logger.debug("hidden")
        #expect(captured.err == [
            #"2025-06-15T15:06:40.250Z info photofeed.sync: started database="/tmp/my feed.sqlite" empty="" "#
                + #"note="say \"hi\"\\now" seed=1"#,
        ])
    }

    static func pendingJobs(_ path: String) throws -> Int {
        try FeedStore(path: path, migrationsDirectory: FeedTestStore.migrationsDirectory).unfinishedJobCount()
    }
}
