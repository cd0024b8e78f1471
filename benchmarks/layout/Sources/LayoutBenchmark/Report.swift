import Foundation

/// One line of the results table.
struct ResultRow {
    var tree: String
    var name: String
    var mode: TimingMode
    var measurement: Measurement
}

/// Prints the results table and the goal lines.
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

    /// The issue's goals: ratio ≤ 1.0 on both trees, cold cell layout ≤ 6 µs.
    static func printGoals(_ rows: [ResultRow]) {
        for tree in ["cell", "10k tree"] {
            let treeRows = rows.filter { $0.tree == tree }.sorted { $0.measurement.ratio < $1.measurement.ratio }
            guard let best = treeRows.first, let worst = treeRows.last else { continue }
            func describe(_ row: ResultRow) -> String {
                "\(String(format: "%.2f", row.measurement.ratio)) (\(row.name), \(row.mode.rawValue))"
            }
            print("goal: ratio ≤ 1.0 on the \(tree): \(worst.measurement.ratio <= 1.0 ? "PASS" : "FAIL") — "
                  + "worst \(describe(worst)); best \(describe(best))")
        }
        let cold = rows.filter { $0.tree == "cell" && $0.mode == .coldWithBuild }
        if let slowest = cold.max(by: { $0.measurement.oursMedian < $1.measurement.oursMedian }) {
            let us = slowest.measurement.oursMedian
            print("goal: cold cell layout ≤ 6 µs: \(us <= 6 ? "PASS" : "FAIL") — slowest \(fmt(us)) µs "
                  + "(\(slowest.name), build+layout+free)")
        }
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
