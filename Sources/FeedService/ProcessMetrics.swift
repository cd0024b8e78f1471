import Foundation
import PhotoFeed

/// The process's own metrics in Prometheus' text format, read from `/proc/self` when asked
/// (Linux): CPU time, resident and virtual memory, open descriptors and their limit, start time;
/// and `photofeed_build_info`, whose labels name the release, the layout engine and Swift.
enum ProcessMetrics {
    /// The lines, each metric with its `# HELP` and `# TYPE`; a value `/proc` cannot give is left out.
    static func exposition(startTime: Double) -> String {
        var text = ""
        func add(_ name: String, _ type: String, _ help: String, _ value: Double?) {
            guard let value else { return }
            text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n\(name) \(ServiceNumber.text(value))\n"
        }
        let stat = selfStat()
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        add("process_cpu_seconds_total", "counter", "User and system CPU time spent, in seconds.",
            stat.map { Double($0.userTicks + $0.systemTicks) / ticks })
        add("process_resident_memory_bytes", "gauge", "Resident memory size, in bytes.",
            stat.map { Double($0.residentPages) * Double(sysconf(Int32(_SC_PAGESIZE))) })
        add("process_virtual_memory_bytes", "gauge", "Virtual memory size, in bytes.", stat.map { Double($0.virtualBytes) })
        add("process_open_fds", "gauge", "Open file descriptors.", openDescriptors())
        add("process_max_fds", "gauge", "The limit of open file descriptors.", descriptorLimit())
        add("process_start_time_seconds", "gauge", "When the process started, in seconds since 1970.", startTime)
        text += "# HELP photofeed_build_info The running build: release, layout engine and Swift version.\n"
        text += "# TYPE photofeed_build_info gauge\n"
        text += "photofeed_build_info{engine=\"\(EngineVersion.layoutEngine)\",swift=\"\(swiftVersion)\","
            + "version=\"\(ReleaseVersion.number)\"} 1\n"
        return text
    }

    /// The Swift language version the build was compiled with.
    static var swiftVersion: String {
        #if swift(>=6.3)
        "6.3"
        #elseif swift(>=6.2)
        "6.2"
        #else
        "6"
        #endif
    }

    /// The fields of `/proc/self/stat` used here (proc(5): utime 14, stime 15, vsize 23, rss 24).
    struct Stat {
        var userTicks: Int
        var systemTicks: Int
        var virtualBytes: Int
        var residentPages: Int
    }

    static func selfStat() -> Stat? {
        guard let text = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = text.lastIndex(of: ")") else { return nil }
        // After the command name (in parentheses, which may hold spaces) come fields 3, 4, …
        let fields = text[text.index(after: close)...].split(separator: " ")
        func field(_ number: Int) -> Int? { fields.count > number - 3 ? Int(fields[number - 3]) : nil }
        guard let user = field(14), let system = field(15), let virtual = field(23), let resident = field(24)
        else { return nil }
        return Stat(userTicks: user, systemTicks: system, virtualBytes: virtual, residentPages: resident)
    }

    static func openDescriptors() -> Double? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")).map { Double($0.count) }
    }

    static func descriptorLimit() -> Double? {
        var limit = rlimit()
        return getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 ? Double(limit.rlim_cur) : nil
    }
}
