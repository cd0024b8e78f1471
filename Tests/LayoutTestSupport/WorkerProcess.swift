import Foundation
import Glibc

/// `photofeed-server` (the debug build beside the test bundle) as a child process: its output
/// goes to files, so a child never blocks on a full pipe, and a kill timer ends a child that
/// hangs, so its test fails instead of hanging.
public final class WorkerProcess: Sendable {
    public let process = Process()
    public let output: URL
    public let errors: URL

    /// `.build/<triple>/debug/photofeed-server`, beside the running test bundle.
    public static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent("photofeed-server")
    }

    public static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: executable.path) }

    /// Starts `photofeed-server ARGUMENTS` in the test's environment, with `environment`'s
    /// variables added or replaced; killed once it has run for `limit` seconds (by default 240,
    /// scaled in a sanitized run).
    public init(_ arguments: [String], limit: TimeInterval = 240 * Double(TestTimeScale.factor),
                environment: [String: String] = [:]) throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("photofeed-worker-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        output = directory.appendingPathComponent("stdout")
        errors = directory.appendingPathComponent("stderr")
        try Data().write(to: output)
        try Data().write(to: errors)
        process.executableURL = Self.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(
            environment.merging(["PHOTOFEED_HOME": CuratedTexts.root.path]) { _, home in home }) { _, given in given }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let running = process
        DispatchQueue.global().asyncAfter(deadline: .now() + limit) {
            if running.isRunning { kill(running.processIdentifier, SIGKILL) }
        }
    }

    public var isRunning: Bool { process.isRunning }

    public func killNow() {
        kill(process.processIdentifier, SIGKILL)
    }

    /// Waits for the process to end (polling: `waitUntilExit` would hold a thread of the
    /// cooperative pool); returns its status, or nil when it was killed by a signal.
    public func finish() async throws -> Int32? {
        while process.isRunning { try await Task.sleep(for: .milliseconds(20)) }
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }

    public var standardOutput: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }
    public var standardError: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

    /// Runs `photofeed-server` with `arguments` (and `environment`'s variables) to its end.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) async throws
        -> (status: Int32?, output: String, errors: String) {
        let process = try WorkerProcess(arguments, environment: environment)
        let status = try await process.finish()
        return (status, process.standardOutput, process.standardError)
    }
}
