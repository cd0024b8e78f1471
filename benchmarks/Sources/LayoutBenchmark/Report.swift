import BenchmarkReport
import Foundation

/// One line of the results table.
struct ResultRow {
    var tree: String
    var name: String
    var mode: TimingMode
    var measurement: Measurement
}

/// Prints the timing table and makes the results.
enum Report {
    static func printTable(_ rows: [ResultRow]) {
        print(pad("benchmark", 36) + pad("timed", 20) + lpad("PhotoFeed µs", 14) + lpad("Yoga µs", 10)
              + lpad("ratio", 8))
        for row in rows {
            let m = row.measurement
            print(pad(row.name, 36) + pad(row.mode.rawValue, 20) + lpad(fmt(m.oursMedian), 14)
                  + lpad(fmt(m.yogaMedian), 10) + lpad(String(format: "%.2f", m.ratio), 8))
        }
    }

    /// One result per row: ratio ≤ 1.0 on both trees (the value-leaf cell is a diagnostic, for
    /// information), then the slowest cold cell against its goal of 6 µs.
    static func results(_ rows: [ResultRow], peer: String) -> [BenchmarkResult] {
        var results = rows.map { row in
            BenchmarkResult(benchmark: "layout", workload: "\(row.name), \(row.mode.rawValue)", peer: peer,
                            measure: "PhotoFeed / Yoga µs", value: row.measurement.ratio,
                            goal: row.tree == "diagnostic" ? nil : .atMost(1.0))
        }
        let cold = rows.filter { $0.tree == "cell" && $0.mode == .coldWithBuild }
        if let slowest = cold.max(by: { $0.measurement.oursMedian < $1.measurement.oursMedian }) {
            results.append(BenchmarkResult(benchmark: "layout", workload: "slowest cold cell (\(slowest.name))",
                                           peer: "none", measure: "µs per layout",
                                           value: slowest.measurement.oursMedian, goal: .atMost(6)))
        }
        return results
    }

    static func fmt(_ value: Double) -> String {
        value >= 1000 ? String(format: "%.0f", value) : String(format: "%.2f", value)
    }

    private static func pad(_ s: String, _ n: Int) -> String {
        s.count >= n ? s + " " : s + String(repeating: " ", count: n - s.count)
    }

    private static func lpad(_ s: String, _ n: Int) -> String {
        s.count >= n ? " " + s : String(repeating: " ", count: n - s.count) + s
    }
}
