import Foundation

/// PostgreSQL's own client, `psql`, on the benchmark's database: administration (schemas, the
/// peer's exports) and the peer's `\copy` load. A failure stops the benchmark.
struct Psql {
    /// The database's URL (`postgres://user@host:port/name`, without `search_path`).
    let url: String

    /// Runs `commands` (psql's `-c`, in order, each its own transaction) with `ON_ERROR_STOP`.
    func run(_ commands: [String]) throws {
        try Self.launch(["--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", url] + commands.flatMap { ["-c", $0] })
    }

    /// Runs the script at `path` (psql's `-f`) with `ON_ERROR_STOP`, in one transaction.
    func runScript(_ path: String) throws {
        try Self.launch(["--quiet", "--no-psqlrc", "-v", "ON_ERROR_STOP=1", "--single-transaction", url, "-f", path])
    }

    private static func launch(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql"] + arguments
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            fatalError("psql failed: \(arguments.joined(separator: " "))")
        }
    }
}

/// Wall-clock timing and percentiles.
enum Timing {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    static func microseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3
    }

    /// The `p` quantile (0…1) of `samples`, nearest rank.
    static func percentile(_ samples: [Double], _ p: Double) -> Double {
        let sorted = samples.sorted()
        return sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]
    }
}
