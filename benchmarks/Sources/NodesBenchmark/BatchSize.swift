import BenchmarkReport
import LayoutCore
import NodeKit

/// A small batch against a large one in the same long feed: deletes, reloads and inserts spread
/// over the feed, per changed cell. Carrying each change through the others one by one made a
/// batch's bookkeeping grow with the square of its size.
enum BatchSize {
    static let feedLength = 20_000
    static let small = 100
    static let large = 1_000
    /// A ratio that should be about 1 (the cost per cell does not grow with the batch or the
    /// feed) passes up to this.
    static let flatGoal = 1.5

    /// µs per changed cell, on one thread, of one batch that deletes `count` cells, reloads
    /// `count` others and inserts `count` new ones, spread over a feed of ``feedLength``
    /// fixed-size cells.
    static func microsecondsPerChange(count: Int) -> Double {
        let feed = BenchFeed(width: 375, kind: .fixed, models: [])
        feed.count = feedLength
        let controller = DataController(dataSource: feed, context: LayoutContext(scale: 2), parallelism: 1)
        controller.reloadData()
        let spacing = feedLength / count
        var changes = ChangeSet()
        changes.deleteItems((0..<count).map { ItemPath(0, $0 * spacing) })
        changes.reloadItems((0..<count).map { ItemPath(0, $0 * spacing + 1) })
        changes.insertItems((0..<count).map { ItemPath(0, $0 * spacing + spacing / 2) })
        let start = Clocks.now()
        _ = try! controller.performBatchUpdates(changes)
        let time = Clocks.now().perCell(since: start, cells: 3 * count).wall
        withExtendedLifetime(feed) {}  // the controller's data source, held weakly
        return time
    }

    /// Prints both batches' figures (medians of 3 alternations, after a warm-up) and their ratio,
    /// and returns the ratio as a result.
    static func report() -> BenchmarkResult {
        let (smalls, larges) = alternating({ microsecondsPerChange(count: small) },
                                           { microsecondsPerChange(count: large) })
        print(String(format: "a batch deleting, reloading and inserting cells spread over a %d-cell feed, per changed "
                     + "cell (1 thread, fixed-size cells): %.2f µs with %d of each, %.2f with %d; large ÷ small "
                     + "%.2fx (goal ≈ 1)", feedLength, median(smalls), small, median(larges), large,
                     median(zip(larges, smalls).map { $0 / $1 })))
        return BenchmarkResult(benchmark: "nodes", workload: "a batch of deletes, reloads and inserts, per changed cell",
                               peer: "a batch of \(small) of each", measure: "\(large) / \(small) µs",
                               value: median(zip(larges, smalls).map { $0 / $1 }), goal: .atMost(flatGoal))
    }
}
