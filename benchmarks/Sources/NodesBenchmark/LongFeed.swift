import BenchmarkReport
import Foundation
import LayoutCore
import NodeKit

/// A long feed against a short one, for the updates a feed keeps making: batch fetching's page
/// appended at the end, and one cell relaid out after its content changed. Each should cost what
/// its own cells cost, however many cells the feed already holds: the data controller finds the
/// cells to allocate from the change, and a queued cell through a position map built once per
/// update, instead of visiting the whole list.
enum LongFeed {
    /// Cells per appended page.
    static let pageSize = 20
    /// Pages appended, then single cells relaid out, per feed; the medians are reported.
    static let repeats = 30
    static let shortFeed = 1_000
    static let longFeed = 20_000

    /// Medians on one thread, in µs, over ``repeats`` rounds of a feed's life: a page of
    /// ``pageSize`` text cells appended (per cell; texts new to the feed's measurer, words not),
    /// then one earlier cell relaid out after its height changed. Also the first relayout, which
    /// builds the position map (the appends keep it), and then, per cell, ``repeats`` reloads of
    /// ``pageSize`` cells spread over the feed (a delete and an insert each), and per update,
    /// range updates while the feed scrolls down from its middle (the first, which visits every
    /// cell, left out).
    static func measure(existing: Int) -> Figures {
        let models = (0..<existing + repeats * pageSize).map(BenchPhotoModel.make(index:))
        let feed = BenchFeed(width: 375, kind: .text, models: models)
        feed.count = existing
        let controller = DataController(dataSource: feed, context: LayoutContext(scale: 2), parallelism: 1)
        controller.reloadData()
        var appends: [Double] = [], relayouts: [Double] = []
        for round in 0..<repeats {
            let first = feed.count
            feed.count += pageSize
            var changes = ChangeSet()
            changes.insertItems((first..<feed.count).map { ItemPath(0, $0) })
            var start = Clocks.now()
            _ = try! controller.performBatchUpdates(changes)
            appends.append(Clocks.now().perCell(since: start, cells: pageSize).wall)

            let node = controller.node(at: ItemPath(0, existing / 2 + round))!
            node.style.minHeight = .points(Double(700 + round))
            node.setNeedsLayout()
            start = Clocks.now()
            controller.nodeDidInvalidateSize(node)
            let changed = controller.relayoutQueuedNodes()
            relayouts.append(Clocks.now().perCell(since: start, cells: 1).wall)
            precondition(changed.count == 1, "the relaid-out cell's height did not change")
        }
        let reloads = (0..<repeats).map { round -> Double in
            // Every cell of the page is at a different place in the feed; each round's are new.
            let paths = (0..<pageSize).map { ItemPath(0, ($0 * feed.count + round) / pageSize) }
            var changes = ChangeSet()
            changes.reloadItems(paths)
            let start = Clocks.now()
            _ = try! controller.performBatchUpdates(changes)
            return Clocks.now().perCell(since: start, cells: pageSize).wall
        }
        let list = RangeList(controller.tableRangeElements())  // once: the scroll steps share it
        let ranges = RangeController()
        ranges.containerInterfaceState = [.inHierarchy, .visible]
        let top = list.elements[existing / 2].frame.minY
        let scrolls = (0..<2 * repeats).map { step -> Double in
            let viewport = Viewport(size: Size(375, 667), contentOffset: Point(0, top + Double(step) * 40))
            let start = Clocks.now()
            ranges.update(viewport: viewport, scrollDirection: .down, list: list)
            return Clocks.now().perCell(since: start, cells: 1).wall
        }
        withExtendedLifetime(feed) {}  // the controller's data source, held weakly
        return Figures(append: median(appends), relayout: median(relayouts), firstRelayout: relayouts[0],
                       reload: median(reloads), scroll: median(Array(scrolls.dropFirst())))
    }

    struct Figures {
        var append: Double
        var relayout: Double
        var firstRelayout: Double
        var reload: Double
        var scroll: Double
    }

    /// Prints the short and long feeds' figures (medians of 3 alternations, after a warm-up) and
    /// their ratios, and returns the ratios as results: "≈ 1" is checked as at most
    /// ``BatchSize/flatGoal``.
    static func report() -> [BenchmarkResult] {
        let (short, long) = alternating({ measure(existing: shortFeed) }, { measure(existing: longFeed) })
        var results: [BenchmarkResult] = []
        func line(_ what: String, _ figure: (Figures) -> Double, goal: String = " (goal ≈ 1)") {
            let ratio = median(zip(long, short).map { figure($0) / figure($1) })
            print(String(format: "%@ (1 thread): %.2f µs in a %d-cell feed, %.2f in a %d-cell feed; long ÷ short "
                         + "%.2fx%@", what, median(short.map(figure)), shortFeed, median(long.map(figure)),
                         longFeed, ratio, goal))
            results.append(BenchmarkResult(
                benchmark: "nodes", workload: what, peer: "the same in a \(shortFeed)-cell feed",
                measure: "\(longFeed)-cell / \(shortFeed)-cell µs", value: ratio,
                goal: goal.hasPrefix(" (goal") ? .atMost(BatchSize.flatGoal) : nil))
        }
        line("a page of \(pageSize) text cells appended, per cell", \.append)
        line("then one cell relaid out after its height changed", \.relayout)
        line("the first of those relayouts, which builds the position map", \.firstRelayout,
             goal: " (a walk over the feed, once: later pages keep the map)")
        line("then \(pageSize) cells spread over the feed reloaded, per cell", \.reload,
             goal: " (goal ≈ 1: reloads replace their elements in place)")
        line("a range update per 40-pt scroll step, per update", \.scroll,
             goal: " (goal ≈ 1: a RangeList made once, its cells found by bisection)")
        return results
    }
}
