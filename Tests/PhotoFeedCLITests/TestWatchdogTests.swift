import Foundation
import Glibc
import LayoutTestSupport
import StoreTestSupport
import Testing

/// bin/test's watchdog (bin/lib/test-watchdog.sh): a run past its limit prints every thread's
/// backtrace of the test process and ends it, so a test that never returns fails the run.
@Suite(.blockingWork, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10)) struct TestWatchdogTests {
    @Test func aRunPastItsLimitIsEndedWithTheTestProcesssBacktraces() async throws {
        let root = FeedTestStore.projectRoot.path
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("photofeed-watchdog-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // A stand-in for a test bundle that never returns: `sleep` under an `.xctest` name.
        let stalled = directory.appendingPathComponent("Stalled.xctest")
        try FileManager.default.createSymbolicLink(atPath: stalled.path, withDestinationPath: "/bin/sleep")
        let script = """
            set -euo pipefail
            source '\(root)/bin/lib/ensure-system-deps.sh'
            source '\(root)/bin/lib/test-watchdog.sh'
            photofeed_watch_tests $$ 0 &
            '\(stalled.path)' 600
            echo 'the stalled process returned'
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        let errors = directory.appendingPathComponent("stderr")
        let output = directory.appendingPathComponent("stdout")
        try Data().write(to: errors)
        try Data().write(to: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardOutput = try FileHandle(forWritingTo: output)
        try process.run()
        let started = ContinuousClock.now
        // gdb may be installed first; past a minute the watchdog has failed, and the test ends it.
        while process.isRunning, ContinuousClock.now - started < .seconds(60 * TestTimeScale.factor) {
            try await Task.sleep(for: .milliseconds(50))
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        let report = try String(contentsOf: errors, encoding: .utf8)
        #expect(process.terminationReason == .exit && process.terminationStatus == 128 + SIGKILL,
                "the script's command was killed, and the script failed with it")
        #expect(try String(contentsOf: output, encoding: .utf8).isEmpty)
        #expect(report.hasPrefix("bin/test: error: the tests have run for 0 minutes"), "\(report)")
        #expect(report.contains("--- test process"), "\(report)")
        #expect(report.contains("Thread 1 "), "\(report)")
        #expect(report.contains("nanosleep"), "the stalled process's own frame: \(report)")
    }
}
