import Foundation
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

    struct Result {
        var status: Int32
        /// True when a signal ended the process.
        var killed: Bool
        var standardOutput: String
        var standardError: String
    }

    /// A started process; `finish()` waits for it and collects its output.
    final class Running: @unchecked Sendable {
        // @unchecked: `process` and the pipes are only touched from the test's task; the
        // termination handler only resumes the continuation (guarded by `lock`).
        let process = Process()
        private let output = Pipe(), errors = Pipe()
        private let lock = NSLock()
        private var exited = false
        private var waiter: CheckedContinuation<Void, Never>?

        init(_ arguments: [String]) throws {
            process.executableURL = PhotoFeedProcess.executableURL
            process.arguments = arguments
            var environment = ProcessInfo.processInfo.environment
            environment["PHOTOFEED_HOME"] = FeedTestStore.projectRoot.path
            process.environment = environment
            process.standardOutput = output
            process.standardError = errors
            process.terminationHandler = { [weak self] _ in self?.markExited() }
            try process.run()
        }

        private func markExited() {
            lock.lock()
            exited = true
            let waiter = self.waiter
            self.waiter = nil
            lock.unlock()
            waiter?.resume()
        }

        func signal(_ number: Int32) {
            kill(process.processIdentifier, number)
        }

        /// ``finish()``, but a process still running after `limit` is killed (SIGKILL), so a
        /// daemon that missed a stop signal fails its test (`killed`) instead of hanging it.
        func finish(killingAfter limit: Duration) async -> Result {
            let pid = process.processIdentifier
            let watchdog = Task.detached {
                try await Task.sleep(for: limit)
                kill(pid, SIGKILL)
            }
            defer { watchdog.cancel() }
            return await finish()
        }

        func finish() async -> Result {
            // Read the pipes while waiting so a chatty child never blocks on a full pipe.
            let stdout = Task.detached { [output] in output.fileHandleForReading.readDataToEndOfFile() }
            let stderr = Task.detached { [errors] in errors.fileHandleForReading.readDataToEndOfFile() }
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
            return Result(status: process.terminationStatus, killed: process.terminationReason == .uncaughtSignal,
                          standardOutput: String(decoding: await stdout.value, as: UTF8.self),
                          standardError: String(decoding: await stderr.value, as: UTF8.self))
        }
    }

    /// Runs `photofeed ARGUMENTS` to the end.
    static func run(_ arguments: [String]) async throws -> Result {
        await (try Running(arguments)).finish()
    }
}
