import Foundation

/// One figure a benchmark reports: the workload, the peer it is compared with, the figure (a
/// ratio of ours to the peer, or an absolute figure when no peer runs) and the goal it checks.
///
/// Every benchmark prints its results as rows of one Markdown table (``row``), which `bin/bench`
/// copies into `benchmarks/RESULTS.md`.
public struct BenchmarkResult: Sendable {
    /// The benchmark's name, as `bin/bench` takes it ("layout", "nodes", …).
    public var benchmark: String
    /// What was run: "cell 375 pt, build+layout+free".
    public var workload: String
    /// What ours is compared with: "Yoga 3.2.1", "1 thread", or "none" for an absolute figure.
    public var peer: String
    /// What the figure is: "ours / peer µs", "1-thread / 2-thread wall", "µs per cell".
    public var measure: String
    /// The figure.
    public var value: Double
    /// The goal it checks; nil for a figure reported for information only.
    public var goal: Goal?
    /// Said after the verdict: why a goal may have been out of reach in this run.
    public var note: String?

    public init(benchmark: String, workload: String, peer: String, measure: String, value: Double,
                goal: Goal?, note: String? = nil) {
        self.benchmark = benchmark
        self.workload = workload
        self.peer = peer
        self.measure = measure
        self.value = value
        self.goal = goal
        self.note = note
    }

    /// "PASS", "FAIL" or "info" (no goal), then the note if any.
    public var verdict: String {
        let word = goal.map { $0.isMet(by: value) ? "PASS" : "FAIL" } ?? "info"
        return note.map { "\(word) (\($0))" } ?? word
    }

    /// Whether the result has a goal and misses it.
    public var fails: Bool { goal.map { !$0.isMet(by: value) } ?? false }

    /// The table's header: the two lines that precede the rows.
    public static let header = """
        | benchmark | workload | peer | figure | value | goal | verdict |
        |---|---|---|---|---:|---|---|
        """

    /// This result as a row of the table.
    public var row: String {
        let cells = [benchmark, workload, peer, measure, Self.format(value), goal?.description ?? "none", verdict]
        return "| " + cells.map { $0.replacingOccurrences(of: "|", with: "/") }.joined(separator: " | ") + " |"
    }

    /// Two decimals below 100, three below 1, none from 1,000 on.
    static func format(_ value: Double) -> String {
        switch abs(value) {
        case 1000...: String(format: "%.0f", value)
        case 100...: String(format: "%.1f", value)
        case ..<1: String(format: "%.3f", value)
        default: String(format: "%.2f", value)
        }
    }
}
