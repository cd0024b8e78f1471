#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where commands write their standard output and standard error lines.
///
/// A task-local so that tests can run a command struct in-process and capture exactly what it
/// prints (``CommandOutput/$current``), while the executable writes to the real streams.
public struct CommandOutput: Sendable {
    /// Writes one line to standard output (the newline is added).
    public var standardOutput: @Sendable (String) -> Void
    /// Writes one line to standard error (the newline is added).
    public var standardError: @Sendable (String) -> Void

    public init(standardOutput: @escaping @Sendable (String) -> Void,
                standardError: @escaping @Sendable (String) -> Void) {
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// The process's streams, unbuffered: each line goes out whole with `write(2)` (retried
    /// until every byte is written), so nothing is lost or split if the process ends early.
    public static let process = CommandOutput(
        standardOutput: { line in write(line + "\n", to: 1) },
        standardError: { line in write(line + "\n", to: 2) })

    @TaskLocal public static var current: CommandOutput = .process

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
