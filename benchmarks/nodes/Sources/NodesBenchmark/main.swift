import Foundation
import LayoutCore
import NodeKit

/// A one-section feed of `count` bench cells in a table `width` points wide.
final class BenchFeed: DataControllerDataSource {
    var count = 0
    let width: Double

    init(width: Double) { self.width = width }

    func numberOfSections() -> Int { 1 }
    func numberOfItems(inSection section: Int) -> Int { count }
    func nodeBlock(at path: ItemPath) -> CellNodeBlock {
        let index = path.item
        return { BenchPhotoCell(index: index) }
    }
    func constrainedSize(at path: ItemPath) -> SizeRange { CellConstraint.tableRow(width: width) }
}

func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

let quick = CommandLine.arguments.contains("--quick")
let cellCount = 1_000
let rounds = quick ? 3 : 9
let cores = ProcessInfo.processInfo.activeProcessorCount
let widths = cores > 1 ? [1, cores] : [1]

/// Times one insert of `cellCount` cells and one relayout of all of them, in µs per cell.
func runRound(parallelism: Int) -> (insert: Double, relayout: Double, height: Double) {
    let feed = BenchFeed(width: 375)
    let controller = DataController(dataSource: feed, context: LayoutContext(scale: 2), parallelism: parallelism)
    controller.reloadData()
    feed.count = cellCount
    var changes = ChangeSet()
    changes.insertItems((0..<cellCount).map { ItemPath(0, $0) })
    let insertStart = now()
    _ = try! controller.performBatchUpdates(changes)
    let insertEnd = now()

    let nodes = (0..<cellCount).compactMap { controller.node(at: ItemPath(0, $0)) }
    let relayoutStart = now()
    for node in nodes {
        node.setNeedsLayout()
        controller.nodeDidInvalidateSize(node)
    }
    _ = controller.relayoutQueuedNodes()
    let relayoutEnd = now()

    let height = controller.sections[0].reduce(0) { $0 + ($1.size?.height ?? 0) }
    return (Double(insertEnd - insertStart) / 1000 / Double(cellCount),
            Double(relayoutEnd - relayoutStart) / 1000 / Double(cellCount), height)
}

func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
        .split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown"
}

print("nodes benchmark: \(cellCount) photo-like cells (stacks, insets, 1:1 ratio; fixed-size leaves, no text)")
print("width 375 @2x, \(rounds) rounds per setting, median; active cores \(cores); "
    + "load average before: \(loadAverage())")
_ = runRound(parallelism: 1)  // warm-up

var results: [Int: (insert: Double, relayout: Double)] = [:]
var heights: Set<Double> = []
for width in widths {
    var inserts: [Double] = []
    var relayouts: [Double] = []
    for _ in 0..<rounds {
        let round = runRound(parallelism: width)
        inserts.append(round.insert)
        relayouts.append(round.relayout)
        heights.insert(round.height)
    }
    results[width] = (median(inserts), median(relayouts))
    print(String(format: "ours  %d thread(s): insert %.2f µs/cell   relayout %.2f µs/cell", width,
                 median(inserts), median(relayouts)))
}
if heights.count != 1 {
    print("ERROR: total heights differ between settings: \(heights.sorted())")
    exit(1)
}
print(String(format: "total content height %.1f pt (identical in every setting)", heights.first ?? 0))
if let one = results[1], let all = results[cores], cores > 1 {
    print(String(format: "speed-up on %d cores: insert %.2fx   relayout %.2fx   (goal >= 1.8x)", cores,
                 one.insert / all.insert, one.relayout / all.relayout))
}
print("peer: none runnable on Linux (Texture needs UIKit); the one-thread run is the baseline")
print("load average after: \(loadAverage())")
