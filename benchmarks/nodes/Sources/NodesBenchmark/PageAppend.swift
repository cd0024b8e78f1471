import Foundation
import LayoutCore
import NodeKit

/// Batch fetching's update: a page of text cells appended to a long feed, against the same kind
/// of page appended to a short one. An update should cost what its own cells cost, however many
/// cells the feed already holds (the data controller finds the cells to allocate from the
/// change, not by visiting the whole list).
enum PageAppend {
    /// Cells per appended page.
    static let pageSize = 20
    /// Pages appended per feed; the median page is reported.
    static let pages = 30
    static let shortFeed = 1_000
    static let longFeed = 20_000

    /// The median µs per appended cell over ``pages`` appends of ``pageSize`` text cells, on one
    /// thread, to a feed that starts with `existing` cells. Every cell's texts are new to the
    /// feed's measurer; the words are not (the feed's first cells have been measured).
    static func microsecondsPerCell(existing: Int) -> Double {
        let models = (0..<existing + pages * pageSize).map(BenchPhotoModel.init(index:))
        let feed = BenchFeed(width: 375, kind: .text, models: models)
        feed.count = existing
        let controller = DataController(dataSource: feed, context: LayoutContext(scale: 2), parallelism: 1)
        controller.reloadData()
        let times = (0..<pages).map { _ -> Double in
            let first = feed.count
            feed.count += pageSize
            var changes = ChangeSet()
            changes.insertItems((first..<feed.count).map { ItemPath(0, $0) })
            let start = Clocks.now()
            _ = try! controller.performBatchUpdates(changes)
            return Clocks.now().perCell(since: start, cells: pageSize).wall
        }
        withExtendedLifetime(feed) {}  // the controller's data source, held weakly
        return median(times)
    }

    /// Prints the short and long feeds' figures (medians of 3 alternations, after a warm-up) and
    /// their ratio.
    static func report() {
        _ = microsecondsPerCell(existing: shortFeed)  // warm-up: the process's first heap and caches
        var short: [Double] = [], long: [Double] = []
        for _ in 0..<3 {
            short.append(microsecondsPerCell(existing: shortFeed))
            long.append(microsecondsPerCell(existing: longFeed))
        }
        print(String(format: "appending a page of %d text cells (batch fetching, 1 thread): %.2f µs per cell to a "
                     + "%d-cell feed, %.2f to a %d-cell feed; long ÷ short %.2fx (goal ≈ 1: an update costs "
                     + "what its own cells cost)", pageSize, median(short), shortFeed, median(long), longFeed,
                     median(zip(long, short).map { $0 / $1 })))
    }
}
