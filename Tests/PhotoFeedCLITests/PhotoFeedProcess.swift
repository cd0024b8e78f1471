import Foundation
import LayoutTestSupport
import StoreTestSupport

/// The debug `photofeed` executable that `swift build` puts next to the test bundle, run as a
/// child process.
enum PhotoFeedProcess {
    /// `.build/<triple>/debug/photofeed`, beside the running test bundle.
    static var executableURL: URL {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let beside = bundleDirectory.appendingPathComponent("photofeed")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("photofeed")
    }

    static var isBuilt: Bool { FileManager.default.isExecutableFile(atPath: executableURL.path) }

    /// `executable` when it is there to run, else ``NotBuilt``: a test that runs the executable
    /// fails without it, rather than passing with nothing checked.
    static func built(_ executable: URL = executableURL) throws -> URL {
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            throw NotBuilt(path: executable.path)
        }
        return executable
    }

    /// The executable a test runs is missing (or cannot be run).
    struct NotBuilt: Error, CustomStringConvertible {
        var path: String
        var description: String { "no executable at \(path): build it first (swift build --build-tests)" }
    }

    /// How long a child may run before its kill timer ends it, unless its test says otherwise
    /// (scaled in a sanitized run).
    static let defaultLimit: Duration = TestTimeScale.scaled(.seconds(120))

    struct Result {
        var status: Int32
        /// True when a signal ended the process (its own, a test's, or the kill timer's).
        var killed: Bool
        /// True when the kill timer ended the process: it ran longer than its limit.
        var timedOut: Bool
        var standardOutput: String
        var standardError: String
    }

    /// A started process with a kill timer: still running `limit` after its start, it is
    /// killed (SIGKILL) and its result says `timedOut`, so a child that hangs fails its test
    /// instead of hanging the suite. `finish()` waits for it and collects its output.
    final class Running: @unchecked Sendable {
        // @unchecked: `process` and the pipes are only touched from the test's task; the rest
        // is shared with the termination handler and the kill timer, guarded by `lock`.
        let process = Process()
        private let output = Pipe(), errors = Pipe()
        private let lock = NSLock()
        private var exited = false
        private var timedOut = false
        private var waiter: CheckedContinuation<Void, Never>?
        private var killTimer: Task<Void, Never>?

        /// Starts `executable` (the built one by default) with `arguments`, in `directory` (the
        /// test's own by default), with `environment`, or by default the test's environment
        /// with `PHOTOFEED_HOME` set to the checkout.
        init(_ arguments: [String], limit: Duration = PhotoFeedProcess.defaultLimit,
             executable: URL = PhotoFeedProcess.executableURL, environment: [String: String]? = nil,
             directory: URL? = nil) throws {
            process.executableURL = executable
            process.arguments = arguments
            process.environment = environment ?? ProcessInfo.processInfo.environment.merging(
                ["PHOTOFEED_HOME": FeedTestStore.projectRoot.path]) { _, home in home }
            if let directory { process.currentDirectoryURL = directory }
            process.standardOutput = output
            process.standardError = errors
            process.terminationHandler = { [weak self] _ in self?.markExited() }
            try process.run()
            let timer = Task.detached { [weak self] in
                try? await Task.sleep(for: limit)
                self?.killIfRunning()
            }
            lock.withLock { killTimer = timer }
        }

        deinit { killTimer?.cancel() }

        private func markExited() {
            lock.lock()
            exited = true
            let waiter = self.waiter, killTimer = self.killTimer
            self.waiter = nil
            lock.unlock()
            killTimer?.cancel()
            waiter?.resume()
        }

        /// The kill timer's end: SIGKILL, unless the process has exited (its pid may be reused).
        private func killIfRunning() {
            lock.lock()
            defer { lock.unlock() }
            guard !exited, !Task.isCancelled else { return }
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
        }

        func signal(_ number: Int32) {
            kill(process.processIdentifier, number)
        }

        /// Reads `handle` to its end on a thread of its own: a blocking read on one of the few
        /// threads of Swift's cooperative pool would stall every other test while the child runs.
        private static func readToEnd(_ handle: FileHandle) async -> Data {
            await withCheckedContinuation { continuation in
                Thread { continuation.resume(returning: handle.readDataToEndOfFile()) }.start()
            }
        }

        func finish() async -> Result {
            // Read the pipes while waiting so a chatty child never blocks on a full pipe.
            let stdout = Task { [output] in await Self.readToEnd(output.fileHandleForReading) }
            let stderr = Task { [errors] in await Self.readToEnd(errors.fileHandleForReading) }
            await withCheckedContinuation { continuation in
                lock.lock()
                if exited {
                    lock.unlock()
                    continuation.resume()
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
            let timedOut = lock.withLock { self.timedOut }
            return Result(status: process.terminationStatus, killed: process.terminationReason == .uncaughtSignal,
                          timedOut: timedOut,
                          standardOutput: String(decoding: await stdout.value, as: UTF8.self),
                          standardError: String(decoding: await stderr.value, as: UTF8.self))
        }
    }

    /// Runs `photofeed ARGUMENTS` to the end, or until its kill timer ends it after `limit`.
    static func run(_ arguments: [String], limit: Duration = defaultLimit, executable: URL = executableURL,
                    environment: [String: String]? = nil, directory: URL? = nil) async throws -> Result {
        await (try Running(arguments, limit: limit, executable: executable, environment: environment,
                           directory: directory)).finish()
    }
}
