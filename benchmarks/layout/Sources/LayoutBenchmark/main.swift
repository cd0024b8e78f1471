import CYoga
import Foundation

// Temporary Yoga-only harness check (PhotoFeed side lands once the stack and specs merge).
for width in CellMetrics.widths {
    let root = YogaCell.build(width: width)
    YogaTree.calculate(root, width: width)
    print(YogaCell.leafFrames(root).sorted { $0.key < $1.key })
    YGNodeFreeRecursive(root)
    let m = Measurement.run(ours: YogaCell.workload(width), yoga: YogaCell.workload(width), mode: .coldWithBuild,
                            batch: 200, rounds: 51, warmupBatches: 10)
    print("cell \(width): yoga \(m.yogaMedian) µs")
}
let m = Measurement.run(ours: YogaGrid.workload, yoga: YogaGrid.workload, mode: .layoutOnly,
                        batch: 1, rounds: 11, warmupBatches: 2)
print("grid: yoga \(m.yogaMedian) µs")
