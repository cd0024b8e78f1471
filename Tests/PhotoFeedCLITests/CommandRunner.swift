import LayoutTestSupport
import ArgumentParser
import PhotoFeedCLI
import Synchronization

/// Runs `photofeed ARGS` in-process with its output captured line by line, and its exit status
/// as the real executable would report it (0, 64 for usage errors, 65, 70, 75).
enum CommandRunner {
    typealias Result = (out: [String], err: [String], status: Int32)

    /// Lines written to standard output and standard error.
    final class Captured: Sendable {
        private let lines = Mutex<(out: [String], err: [String])>(([], []))

        var output: CommandOutput {
            CommandOutput(standardOutput: { line in self.lines.withLock { $0.out.append(line) } },
                          standardError: { line in self.lines.withLock { $0.err.append(line) } })
        }

        var out: [String] { lines.withLock { $0.out } }
        var err: [String] { lines.withLock { $0.err } }
    }

    /// Runs a synchronous command.
    static func run(_ arguments: [String]) -> Result {
        let captured = Captured()
        var status: Int32 = 0
        CommandOutput.$current.withValue(captured.output) {
            do {
                var command = try PhotoFeedCommand.parseAsRoot(arguments)
                try command.run()
            } catch {
                status = PhotoFeedCommand.finish(error)
            }
        }
        return (captured.out, captured.err, status)
    }

    /// Runs any command, as the executable does (`PhotoFeedCommand.execute`).
    static func runAsync(_ arguments: [String]) async -> Result {
        let captured = Captured()
        let status = await BlockingWorkThreads.run {
            await CommandOutput.$current.withValue(captured.output) { await PhotoFeedCommand.execute(arguments) }
        }
        return (captured.out, captured.err, status)
    }
}
