#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    public init(standardOutput: @escaping @Sendable (String) -> Void,
                standardError: @escaping @Sendable (String) -> Void,
                progress: (@Sendable (String) -> Void)? = nil) {
        self.standardOutput = standardOutput
        self.standardError = standardError
        self.progress = progress
    }

    /// The process's streams, unbuffered: each write goes out whole with `write(2)` (retried
    /// until every byte is written), so nothing is lost or split if the process ends early.
    /// Progress is drawn only when standard error is a terminal.
    public static let process = CommandOutput(
        standardOutput: { line in write(line + "\n", to: 1) },
        standardError: { line in write(line + "\n", to: 2) },
        progress: terminalProgress())

    @TaskLocal public static var current: CommandOutput = .process

    /// Draws on standard error as it is, when that is a terminal.
    private static func terminalProgress() -> (@Sendable (String) -> Void)? {
        guard isatty(2) == 1 else { return nil }
        return { text in write(text, to: 2) }
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
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
    func json(_ value: some Encodable, keys: JSONLine.KeyOrder = .sorted) throws {
        standardOutput(try JSONLine.encode(value, keys: keys))
    }

    /// Writes the contract's one `error: …` line on standard error.
    func error(_ message: String) {
        standardError("error: \(message)")
    }
}
