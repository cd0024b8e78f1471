import Foundation

/// Processes' CPU time and peak resident memory, from `/proc`.
public enum ProcessUsage {
    /// User plus system CPU seconds the process has used.
    public static func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the command: state is field 3; utime and stime are fields 14 and 15.
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The CPU seconds of every running process whose command name is `name` (`/proc/PID/comm`),
    /// by process id.
    public static func cpuSeconds(ofProcessesNamed name: String) -> [Int32: Double] {
        let ids = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap(Int32.init)
        var seconds: [Int32: Double] = [:]
        for pid in ids {
            guard let comm = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8),
                  comm.trimmingCharacters(in: .newlines) == name else { continue }
            seconds[pid] = cpuSeconds(pid)
        }
        return seconds
    }

    /// The CPU seconds the processes named `name` used since `before` (``cpuSeconds(ofProcessesNamed:)``):
    /// a process started since counts in full; one that ended since is not counted.
    public static func cpuSeconds(ofProcessesNamed name: String, since before: [Int32: Double]) -> Double {
        cpuSeconds(ofProcessesNamed: name).reduce(0) { $0 + $1.value - (before[$1.key] ?? 0) }
    }

    /// The process's peak resident set size (`VmHWM`), in MiB.
    public static func peakResidentMiB(_ pid: Int32) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kilobytes / 1024
    }
}
