import Foundation

/// The seeding peer: the rows our seed wrote, exported as CSV and imported by the `sqlite3` shell's
/// `.import` into a fresh database with the same schema (every migration applied), in one
/// transaction, WAL with `synchronous = NORMAL` like ours. Only the import is timed.
struct ImportPeer {
    /// The tables the seed fills, parents first.
    static let tables = ["city", "user", "location", "photo", "comment", "sync_job"]

    let migrations: URL
    let work: URL

    /// Exports `ours`, imports it into `peer`, checks the photo count and returns the import's seconds.
    func importSeconds(from ours: String, into peer: String, photos: Int) throws -> Double {
        for table in Self.tables {
            try Shell.run("sqlite3 -csv \(ours) 'SELECT * FROM \(table)' > \(work.path)/\(table).csv")
        }
        let schema = try FileManager.default.contentsOfDirectory(atPath: migrations.path)
            .filter { $0.hasSuffix(".sql") }.sorted().map { migrations.appendingPathComponent($0).path }
        try Shell.run("cat \(schema.joined(separator: " ")) | sqlite3 \(peer) && sqlite3 \(peer) 'PRAGMA journal_mode=WAL' >/dev/null")
        // sqlite3's defaults otherwise: foreign keys off (the CSV has no NULL: an empty
        // location_id would fail the check), its default page cache.
        var script = "PRAGMA synchronous=NORMAL;\nBEGIN;\n"
        for table in Self.tables { script += ".import --csv \(work.path)/\(table).csv \(table)\n" }
        script += "COMMIT;\n"
        let scriptPath = work.appendingPathComponent("import.sql").path
        try script.write(toFile: scriptPath, atomically: true, encoding: .utf8)
        let time = try Timing.seconds { try Shell.run("sqlite3 \(peer) < \(scriptPath)") }
        try Shell.run("test \"$(sqlite3 \(peer) 'SELECT COUNT(*) FROM photo')\" = \(photos)")
        for table in Self.tables { try? FileManager.default.removeItem(atPath: "\(work.path)/\(table).csv") }
        return time
    }
}

/// `/bin/sh -c`, failing the benchmark on a non-zero status.
enum Shell {
    static func run(_ command: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { fatalError("failed: \(command)") }
    }

    /// Runs `program` with `arguments` and returns its `key=value` output lines.
    static func keyValues(_ program: String, _ arguments: [String]) throws -> [String: String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            fatalError("failed: \(program) \(arguments.joined(separator: " "))")
        }
        var values: [String: String] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { values[String(parts[0])] = String(parts[1]) }
        }
        return values
    }
}

/// Wall-clock timing and the process's peak memory.
enum Timing {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The process's peak resident set so far, in MiB: `VmHWM` of `/proc/self/status`, the high
    /// water mark of this program's own address space. Not `getrusage`'s `ru_maxrss`: a child
    /// started with `posix_spawn` (a `vfork`-style clone sharing the parent's memory until it
    /// execs) carries the parent's peak into its `ru_maxrss`, so a seed child would report at
    /// least the benchmark's own peak.
    static func peakResidentMebibytes() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kibibytes = line.split(separator: " ").dropFirst().first.flatMap({ Double($0) })
        else { fatalError("no VmHWM in /proc/self/status") }
        return kibibytes / 1024
    }
}
