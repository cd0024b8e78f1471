import BenchmarkReport
import CYoga
import Foundation
import LayoutCore

// PhotoFeed's layout engine against Yoga, both in this process. Run through `bin/bench layout`.
// `--quick` runs fewer rounds (for a smoke test; figures are noisier); `--profile KIND` runs
// one workload alone for a profiler (see ProfileLoop); `--peer NAME` names the Yoga build in the
// report (bin/bench passes the pyyoga version).

let options = BenchmarkOptions(switches: ["--quick"], valued: ["--profile", "--iterations", "--peer"],
                               usage: "LayoutBenchmark [--quick] [--peer NAME] [--profile KIND [--iterations N]]")
if ProfileLoop.run(options) { exit(0) }
let quick = options.has("--quick")
let peer = options.string("--peer") ?? "Yoga"
let context = LayoutContext(scale: CellMetrics.scale)

print("PhotoFeed layout benchmark — PhotoFeed LayoutCore/NodeKit vs \(peer)")
print("scale \(CellMetrics.scale) for both engines (Yoga point scale factor); "
      + "thread CPU time, median of interleaved batches")

// MARK: Frames must agree before anything is timed.

func requireAgreement(_ label: String, ours: [String: Rect], yoga: [String: Rect]) {
    let problems = FrameCheck.differences(ours: ours, yoga: yoga)
    guard problems.isEmpty else {
        print("frames DISAGREE for \(label) (\(problems.count) differences):")
        problems.prefix(20).forEach { print("  \($0)") }
        exit(1)
    }
    print("frames agree: \(label) (\(ours.count) frames, PhotoFeed == Yoga)")
}

for width in CellMetrics.widths {
    let root = YogaCell.build(width: width)
    YogaTree.calculate(root, width: width)
    for leaves in [LeafKind.nodes, .values] {
        let ours = FixedLeafPhotoCell(leaves: leaves).layoutThatFits(CellMetrics.range(width: width), context: context)
        requireAgreement("cell at width \(Int(width)), \(leaves.rawValue)",
                         ours: FrameCheck.frames(of: ours, rootName: "cell"), yoga: YogaCell.leafFrames(root))
    }
    YGNodeFreeRecursive(root)
}
do {
    let root = YogaGrid.build()
    YogaTree.calculate(root, width: GridMetrics.width)
    let yoga = YogaGrid.leafFrames(root)
    YGNodeFreeRecursive(root)
    for leaves in [LeafKind.nodes, .values] {
        let ours = GridNode(leaves: leaves).layoutThatFits(GridMetrics.range, context: context)
        requireAgreement("10k tree, \(leaves.rawValue)", ours: FrameCheck.frames(of: ours, rootName: "root"),
                         yoga: yoga)
    }
}

// MARK: Timing.

var rows: [ResultRow] = []
let cellRounds = quick ? 9 : 41
for mode in [TimingMode.coldWithBuild, .layoutOnly] {
    for width in CellMetrics.widths {
        let m = Measurement.run(ours: FixedLeafPhotoCell.workload(width: width), yoga: YogaCell.workload(width),
                                mode: mode, batch: 200, rounds: cellRounds, warmupBatches: quick ? 2 : 10)
        rows.append(ResultRow(tree: "cell", name: "cell \(Int(width))", mode: mode, measurement: m))
    }
}
// Diagnostic, not a goal: the same cell with value leaves shows what the node machinery costs.
do {
    let m = Measurement.run(ours: FixedLeafPhotoCell.workload(width: 375, leaves: .values), yoga: YogaCell.workload(375),
                            mode: .coldWithBuild, batch: 200, rounds: cellRounds, warmupBatches: quick ? 2 : 10)
    rows.append(ResultRow(tree: "diagnostic", name: "cell 375, value leaves", mode: .coldWithBuild, measurement: m))
}
let gridRounds = quick ? 3 : 15
for (leaves, mode) in [(LeafKind.nodes, TimingMode.layoutOnly), (.values, .layoutOnly),
                       (.nodes, .coldWithBuild)] {
    let m = Measurement.run(ours: GridNode.workload(leaves: leaves), yoga: YogaGrid.workload,
                            mode: mode, batch: 1, rounds: gridRounds, warmupBatches: 2)
    rows.append(ResultRow(tree: "10k tree", name: "10k tree, \(leaves.rawValue)", mode: mode, measurement: m))
}

print("")
print("µs per layout (median); ratio = PhotoFeed / Yoga (lower is better for PhotoFeed)")
print("\"build+layout+free\": fresh nodes/specs built, laid out and freed in the timed loop, for both engines;")
print("\"layout only\": fresh trees built before the timer and freed after it; our spec tree is still made")
print("inside layoutSpecThatFits (as in Texture) and our result is flattened, so both are timed as ours.")
print("Cells use DisplayNode leaves unless a row says \"value leaves\" (cheap LayoutElement structs);")
print("the value-leaf cell row is a diagnostic and does not count toward the goals.")
print("")
Report.printTable(rows)
print("")
let specs = SpecBuilding.measure(rounds: quick ? 5 : 31)
print(String(format: "spec building (the product cell's spec): DSL %.0f ns, initializers %.0f ns per spec; "
             + "ratio DSL/initializers %.2fx", specs.dsl, specs.initializers, specs.dsl / specs.initializers))
ResultTable.print(Report.results(rows, peer: peer) + [
    BenchmarkResult(benchmark: "layout", workload: "building the photo cell's spec", peer: "specs' initializers",
                    measure: "DSL / initializers ns", value: specs.dsl / specs.initializers, goal: nil),
])
