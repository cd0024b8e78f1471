import Foundation

/// Prints a benchmark's results in the one report format: a `results:` line, then the
/// ``BenchmarkResult`` table. `bin/bench` finds the table by its header and rows.
public enum ResultTable {
    /// Prints `results` and flushes standard output; returns whether any result misses its goal.
    @discardableResult
    public static func print(_ results: [BenchmarkResult]) -> Bool {
        var text = "\nresults:\n" + BenchmarkResult.header + "\n"
        for result in results { text += result.row + "\n" }
        FileHandle.standardOutput.write(Data(text.utf8))
        return results.contains(where: \.fails)
    }
}
