#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FeedAPIModel
import Locking

/// Where every command writes: lines on standard output, `error: …` lines on standard error, and
/// progress drawn on standard error when that is a terminal.
///
/// A task-local, so tests run a command in-process and capture exactly what it prints
/// (``CommandOutput/$current``), while the executable writes to the process's streams.
public struct CommandOutput: Sendable {
    /// Writes one line to standard output (the newline is added).
    public var standardOutput: @Sendable (String) -> Void
    /// Writes one line to standard error (the newline is added).
    public var standardError: @Sendable (String) -> Void
    /// Writes progress text to standard error as it is (no newline added; `\r` redraws the
    /// line), or nil where progress is not shown: standard error is no terminal, or is captured.
    public var progress: (@Sendable (String) -> Void)?
    /// Why a write to standard output failed (`"No space left on device"`), or nil while every
    /// write has succeeded. ``PhotoFeedCommand/execute(_:)`` asks when the command has ended: a
    /// command whose output was lost fails with status 74 (EX_IOERR).
    public var standardOutputFailure: @Sendable () -> String?

    public init(standardOutput: @escaping @Sendable (String) -> Void,
                standardError: @escaping @Sendable (String) -> Void,
                progress: (@Sendable (String) -> Void)? = nil,
                standardOutputFailure: @escaping @Sendable () -> String? = { nil }) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.progress = progress
        self.standardOutputFailure = standardOutputFailure
    }

    /// The process's streams (``descriptors(standardOutput:standardError:)`` on 1 and 2).
    /// Progress is drawn only when standard error is a terminal.
    public static let process = descriptors(standardOutput: 1, standardError: 2)

    @TaskLocal public static var current: CommandOutput = .process

    /// Writes to two open file descriptors, unbuffered: each write goes out whole with
    /// `write(2)` (retried until every byte is written), so nothing is lost or split if the
    /// process ends early.
    ///
    /// The first write to `standardOutput` that fails (a full disk, a closed descriptor) is
    /// remembered with its `strerror` text in ``standardOutputFailure``, and later lines are
    /// dropped rather than written after a gap. A failed write to standard error is dropped:
    /// there is nowhere left to report it.
    public static func descriptors(standardOutput output: Int32, standardError errors: Int32) -> CommandOutput {
        let failure = FirstFailure()
        let writeOutput: @Sendable (String) -> Void = { line in
            guard failure.reason == nil else { return }
            if let problem = writeAll(line + "\n", to: output) { failure.record(problem) }
        }
        let writeError: @Sendable (String) -> Void = { line in _ = writeAll(line + "\n", to: errors) }
        let draw: @Sendable (String) -> Void = { text in _ = writeAll(text, to: errors) }
        let drawProgress = isatty(errors) == 1 ? draw : nil
        let outputFailure: @Sendable () -> String? = { failure.reason }
        return CommandOutput(standardOutput: writeOutput, standardError: writeError, progress: drawProgress,
                             standardOutputFailure: outputFailure)
    }

    /// The first failure of a stream's writes, shared by the closures that write and ask.
    private final class FirstFailure: Sendable {
        private let state = Locked<String?>(nil)

        var reason: String? { state.withLock { $0 } }

        func record(_ reason: String) {
            state.withLock { $0 = $0 ?? reason }
        }
    }

    /// Writes all of `text`; returns why it could not (`strerror`), or nil.
    private static func writeAll(_ text: String, to descriptor: Int32) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return written < 0 ? String(cString: strerror(errno)) : "nothing written" }
                offset += written
            }
            return nil
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }
}

extension CommandOutput {
    /// Writes `text` on standard output as whole lines; a final newline in `text` (the renderers
    /// end their text with one) is not doubled.
    func text(_ text: String) {
        standardOutput(text.hasSuffix("\n") ? String(text.dropLast()) : text)
    }

    /// Writes `value` as one line of JSON on standard output (``JSONLine``).
    package func json(_ value: some Encodable, keys: JSONLine.KeyOrder = .sorted) throws {
        standardOutput(try JSONLine.encode(value, keys: keys))
    }

    /// Runs `body` only when everything written to standard output so far went out. A command
    /// writes its bookkeeping (the layout cache's hit counts) this way, after its output: when
    /// the output is lost the command fails with 74, and a failed command leaves the database as
    /// it was.
    func afterOutputWritten(_ body: () throws -> Void) rethrows {
        guard standardOutputFailure() == nil else { return }
        try body()
    }

    /// Writes the contract's one `error: …` line on standard error.
    package func error(_ message: String) {
        standardError("error: \(message)")
    }
}
