import Foundation

/// What one wrk run measured: requests per second, the median and 99th percentile latency in
/// milliseconds, and the requests that failed (responses other than 2xx and 3xx, socket errors).
public struct WrkLoad: Sendable {
    public var rps: Double
    public var p50: Double
    public var p99: Double
    public var errors: Int
}

/// wrk (Debian's, installed by `bin/bench`), run to its end with `--latency`: a fixed number of
/// connections on two threads for a duration, one URL or a Lua script's requests.
public struct Wrk: Sendable {
    public var executable: String
    public var connections: Int
    public var threads: Int
    public var seconds: Int

    public init(executable: String = "/usr/bin/wrk", connections: Int = 64, threads: Int = 2, seconds: Int) {
        self.executable = executable
        self.connections = connections
        self.threads = threads
        self.seconds = seconds
    }

    /// Runs wrk against `url` (with `script`, a Lua file, when given); prints its error lines.
    public func run(_ url: String, headers: [String] = [], script: String? = nil) throws -> WrkLoad {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-t", "\(threads)", "-c", "\(connections)", "-d", "\(seconds)s", "--latency"]
            + headers.flatMap { ["-H", $0] } + (script.map { ["-s", $0] } ?? []) + [url]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        func number(_ prefix: String) -> String? {
            lines.first { $0.hasPrefix(prefix) }.map { String($0.split(separator: " ").last ?? "") }
        }
        guard let rps = number("Requests/sec:").flatMap({ Double($0) }), let p50 = number("50%").map(Self.milliseconds),
              let p99 = number("99%").map(Self.milliseconds) else {
            throw WrkFailure(output: output)
        }
        // "Non-2xx or 3xx responses: 12" and "Socket errors: connect 0, read 1, write 0, timeout 3".
        var errors = 0
        for line in lines where line.hasPrefix("Non-2xx") || line.hasPrefix("Socket errors") {
            print("  wrk \(url): \(line)")
            let text = line.split(separator: ":", maxSplits: 1).last ?? ""
            errors += text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.reduce(0, +)
        }
        return WrkLoad(rps: rps, p50: p50, p99: p99, errors: errors)
    }

    /// "1.23ms", "850.00us", "1.02s", "2.00m" in milliseconds.
    static func milliseconds(_ text: String) -> Double {
        for (suffix, scale) in [("us", 0.001), ("ms", 1.0), ("m", 60_000.0), ("s", 1000.0)] where text.hasSuffix(suffix) {
            return (Double(text.dropLast(suffix.count)) ?? .nan) * scale
        }
        return .nan
    }
}

/// wrk's output without the figures it always prints.
public struct WrkFailure: Error, CustomStringConvertible {
    public var output: String
    public var description: String { "unexpected wrk output:\n\(output)" }
}
