import Foundation

/// Prints a benchmark's results in the one report format: a `results:` line, then the
/// ``BenchmarkResult`` table. `bin/bench` finds the table by its header and rows.
public enum ResultTable {
    /// Prints `results` and flushes standard output; returns whether any result misses its goal.
    @discardableResult
    public static func print(_ results: [BenchmarkResult]) -> Bool {
        var text = "\nresults:\n" + BenchmarkResult.header + "\n"
        for result in results { text += result.row + "\n" }
        // Through `print`'s buffer, after what the benchmark printed before, then flushed.
        Swift.print(text, terminator: "")
        fflush(nil)
        return results.contains(where: \.fails)
    }
}
