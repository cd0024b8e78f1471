import BenchmarkReport
import Foundation
import LayoutCore
import NodeKit
import PhotoFeed
import TextLayout

/// Which cell the feed is made of.
enum CellKind: String, CaseIterable {
    /// ``FixedLeafPhotoCell``: the product cell's spec over fixed-size leaves.
    case fixed = "fixed-size leaves"
    /// The product's ``PhotoCellNode``: TextNode labels (cold text caches per round).
    case text = "TextNode labels"

    /// How command lines name it (`--profile KIND`, `--setting KIND`).
    var argument: String { self == .text ? "text" : "fixed" }

    /// The kind `argument` names; anything but "text" is ``fixed``.
    init(argument: String) { self = argument == "text" ? .text : .fixed }
}

/// A one-section feed of `count` cells in a table `width` points wide.
final class BenchFeed: DataControllerDataSource {
    var count = 0
    let width: Double
    let kind: CellKind
    /// A fresh measurer per feed, so every round measures its text cold.
    let measurer = TextMeasurer(fonts: TextMeasurer.shared.fonts)
    /// The photos' values, made once before any timing (a feed's model exists before its cells).
    static let standardModels = (0..<cellCount).map(BenchPhotoModel.make(index:))
    /// The models of this feed's photos, by index.
    let models: [PhotoCellModel]

    init(width: Double, kind: CellKind, models: [PhotoCellModel] = BenchFeed.standardModels) {
        self.width = width
        self.kind = kind
        self.models = models
    }

    func numberOfSections() -> Int { 1 }
    func numberOfItems(inSection section: Int) -> Int { count }
    func nodeBlock(at path: ItemPath) -> CellNodeBlock {
        let index = path.item
        switch kind {
        case .fixed:
            return { FixedLeafPhotoCell(index: index) }
        case .text:
            let measurer = self.measurer, model = models[index]
            return { PhotoCellNode(model: model, measurer: measurer) }
        }
    }
    func constrainedSize(at path: ItemPath) -> SizeRange { CellConstraint.tableRow(width: width) }
}

/// Wall-clock and whole-process CPU time (every thread), in nanoseconds.
struct Clocks {
    var wall: UInt64
    var cpu: UInt64

    static func now() -> Clocks {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Clocks(wall: DispatchTime.now().uptimeNanoseconds,
                      cpu: UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec))
    }

    /// (wall, cpu) µs per cell from `start` to `self`.
    func perCell(since start: Clocks, cells: Int) -> (wall: Double, cpu: Double) {
        (Double(wall - start.wall) / 1000 / Double(cells), Double(cpu - start.cpu) / 1000 / Double(cells))
    }
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

let options = BenchmarkOptions(
    switches: ["--quick", "--idle", "--page-only"], valued: ["--profile", "--inserts", "--setting", "--threads", "--rounds", "--pages"],
    usage: "NodesBenchmark [--quick] [--page-only] | --profile fixed|text [--threads N] | --inserts fixed|text [--rounds N] [--threads N] | --pages WORKERS [--idle]")
let quick = options.has("--quick")
let cellCount = 1_000
_ = BenchFeed.standardModels  // made before timing
/// Rounds per child process (after a warm-up round).
let rounds = quick ? 2 : 3
/// Child processes per setting. The settings' children alternate (1 thread, all cores, 1 thread,
/// …), so each speed-up compares two runs a second apart: each of this VM's cores is slowed by the
/// host at times, for seconds to minutes (the same 1-thread text insert took 16 µs and 27 µs per
/// cell minutes apart; see ``CoreProbe``), and one child per setting made the ratio follow that.
/// Nine pairs, not five: single pairs of text-cell inserts read 1.07–2.95× in one calm half hour
/// (median 1.89×), and a median of five still moved by ±0.1× from run to run.
let children = quick ? 1 : 9
let cores = ProcessInfo.processInfo.activeProcessorCount
let widths = cores > 1 ? [1, cores] : [1]

struct Round {
    var insert: (wall: Double, cpu: Double)
    var relayout: (wall: Double, cpu: Double)
    var height: Double
}

/// An empty feed's controller, and the change that inserts `cellCount` cells into it (the feed
/// already counts them). Keep the feed while the controller is used: it is the data source.
func emptyFeed(kind: CellKind, parallelism: Int) -> (feed: BenchFeed, controller: DataController, insertion: ChangeSet) {
    let feed = BenchFeed(width: 375, kind: kind)
    let controller = DataController(dataSource: feed, context: LayoutContext(scale: 2), parallelism: parallelism)
    controller.reloadData()
    feed.count = cellCount
    var changes = ChangeSet()
    changes.insertItems((0..<cellCount).map { ItemPath(0, $0) })
    return (feed, controller, changes)
}

/// Times one insert of `cellCount` cells and one relayout of all of them, in µs per cell.
func runRound(kind: CellKind, parallelism: Int) -> Round {
    let (feed, controller, changes) = emptyFeed(kind: kind, parallelism: parallelism)
    let insertStart = Clocks.now()
    _ = try! controller.performBatchUpdates(changes)
    let insertEnd = Clocks.now()

    let nodes = (0..<cellCount).compactMap { controller.node(at: ItemPath(0, $0)) }
    let relayoutStart = Clocks.now()
    for node in nodes {
        node.setNeedsLayout()
        controller.nodeDidInvalidateSize(node)
    }
    _ = controller.relayoutQueuedNodes()
    let relayoutEnd = Clocks.now()

    let height = controller.sections[0].reduce(0) { $0 + ($1.size?.height ?? 0) }
    withExtendedLifetime(feed) {}  // the controller's data source, held weakly
    return Round(insert: insertEnd.perCell(since: insertStart, cells: cellCount),
                 relayout: relayoutEnd.perCell(since: relayoutStart, cells: cellCount), height: height)
}

func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?
        .split(separator: " ").prefix(3).joined(separator: " ") ?? "unknown"
}

if let profiled = options.string("--profile") {
    // For `perf record`: `--profile KIND [--threads N]` runs only that setting, 30 rounds.
    let kind = CellKind(argument: profiled)
    let threads = options.int("--threads", default: 1)
    for _ in 0..<30 { _ = runRound(kind: kind, parallelism: threads) }
    exit(0)
}

if let inserted = options.string("--inserts") {
    // For counting instructions or profiling inserts alone: `--inserts KIND --rounds N
    // [--threads N]` inserts `cellCount` cells N times (on one thread unless told) and keeps every
    // controller to the end, so no teardown is counted. Under `valgrind --tool=callgrind`,
    // (instructions at 6 rounds − at 2) / 4,000 is one insert's.
    let kind = CellKind(argument: inserted)
    let threads = options.int("--threads", default: 1)
    var kept: [(BenchFeed, DataController)] = []
    for _ in 0..<options.int("--rounds", default: 1) {
        let (feed, controller, insertion) = emptyFeed(kind: kind, parallelism: threads)
        _ = try! controller.performBatchUpdates(insertion)
        kept.append((feed, controller))
    }
    print(kept.count)
    exit(0)
}

/// The medians of one setting's rounds.
struct SettingResult {
    var insert: (wall: Double, cpu: Double)
    var relayout: (wall: Double, cpu: Double)
    var heights: Set<Double>
    /// ``CoreProbe``'s ns per iteration on the slowest core the child used, just before its
    /// rounds (child runs only).
    var probe = 0.0
    /// ``HandoffProbe``'s ns per cache-line handoff between two threads, just before the rounds
    /// (children on more than one thread only; 0 otherwise).
    var handoff = 0.0
}

/// Runs one setting in this process: a warm-up round, then `rounds` rounds.
func runSetting(kind: CellKind, threads: Int) -> SettingResult {
    _ = runRound(kind: kind, parallelism: threads)  // warm-up
    let rows = (0..<rounds).map { _ in runRound(kind: kind, parallelism: threads) }
    return SettingResult(insert: (median(rows.map(\.insert.wall)), median(rows.map(\.insert.cpu))),
                         relayout: (median(rows.map(\.relayout.wall)), median(rows.map(\.relayout.cpu))),
                         heights: Set(rows.map(\.height)))
}

/// Runs one setting in a new process of this executable (`--setting KIND --threads N`), so that every
/// setting starts from a fresh heap: in one process, a setting inherits the heap the settings
/// before it left (1-thread rounds right after 2-thread rounds of fixed cells ran 14 µs per cell
/// instead of 8.5, and 8.3 again with glibc's heap trimming turned off). Fresh processes do not
/// remove the machine's own drift; alternating the settings' children (``children``) keeps it out
/// of the ratios.
func runSettingInChild(kind: CellKind, threads: Int) throws -> SettingResult {
    try runChildrenAtOnce(kind: kind, threads: threads, copies: 1)[0]
}

/// `copies` children of one setting started together, each in its own process, and their results
/// once all have ended. With `copies` 1-thread children on `copies` cores, the cells get the
/// parallel run's CPU with nothing shared between the workers (no heap, no cache, no lock): their
/// speed-up over one child is the most this machine gives this very work right now (see
/// ``SameWorkCeiling``).
func runChildrenAtOnce(kind: CellKind, threads: Int, copies: Int) throws -> [SettingResult] {
    let started = try (0..<copies).map { _ -> (child: Process, output: Pipe) in
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["--setting", kind.argument, "--threads", String(threads)] + (quick ? ["--quick"] : [])
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        return (child, output)
    }
    return try started.map { child, output in
        let data = output.fileHandleForReading.readDataToEndOfFile()
        child.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard child.terminationStatus == 0, fields.count >= 7 else {
            throw BenchmarkError(message: "the \(kind.rawValue) setting on \(threads) thread(s) failed "
                + "(exit \(child.terminationStatus)): \(String(decoding: data, as: UTF8.self))")
        }
        return SettingResult(insert: (fields[2], fields[3]), relayout: (fields[4], fields[5]),
                             heights: Set(fields[6...]), probe: fields[0], handoff: fields[1])
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}

if let setting = options.string("--setting") {
    // A child run (see `runSettingInChild`): prints the medians and every round's total height.
    let kind = CellKind(argument: setting)
    let threads = options.int("--threads", default: 1)
    let probe = CoreProbe.slowestCore(threads: threads)
    let handoff = threads > 1 ? HandoffProbe.nanosecondsPerHandoff() : 0
    let result = runSetting(kind: kind, threads: threads)
    let line = ([probe, handoff, result.insert.wall, result.insert.cpu, result.relayout.wall, result.relayout.cpu]
        + result.heights.sorted()).map { String($0) }.joined(separator: " ")
    FileHandle.standardOutput.write(Data((line + "\n").utf8))  // unbuffered: `exit` follows
    exit(0)
}

if let workers = options.string("--pages") {
    // A child run of the page benchmark (see `PageInsert`).
    PageInsert.runChild(threads: Int(workers) ?? 1, idle: options.has("--idle"))
}

if options.has("--page-only") {
    // Batch fetching's page alone (see `PageInsert`): its figures and its rows.
    print("nodes benchmark, batch fetching's page only; active cores \(cores)")
    ResultTable.print(try PageInsert.report())
    exit(0)
}

print("nodes benchmark: \(cellCount) photo cells (the product's spec) through DataController")
print("width 375 @2x; per setting \(children) fresh child processes of \(rounds) rounds each (median), alternating "
    + "with the other thread count and with \(cores) 1-thread children at once; active cores \(cores); "
    + "load average before: \(loadAverage())")
print("wall = elapsed µs per cell; cpu = process CPU µs per cell summed over all threads (cpu on N threads")
print("≈ cpu on 1 thread means no contention overhead; wall speed-up is capped by free cores on a busy machine)")

var failed = false
var results: [BenchmarkResult] = []
for kind in CellKind.allCases {
    print("\ncells with \(kind.rawValue)" + (kind == .text ? " (text caches cold at each insert)" : ""))
    var runs: [Int: [SettingResult]] = [:]
    /// Per alternation, the `cores` 1-thread children run at once (see ``runChildrenAtOnce``).
    var copies: [[SettingResult]] = []
    var heights: Set<Double> = []
    for _ in 0..<children {
        for width in widths {
            let setting = try runSettingInChild(kind: kind, threads: width)
            heights.formUnion(setting.heights)
            runs[width, default: []].append(setting)
        }
        if cores > 1 {
            let together = try runChildrenAtOnce(kind: kind, threads: 1, copies: cores)
            together.forEach { heights.formUnion($0.heights) }
            copies.append(together)
        }
    }
    for width in widths {
        let settings = runs[width] ?? []
        let insert = settings.map(\.insert), relayout = settings.map(\.relayout)
        let perChild = width > 1
            ? settings.map { String(format: "%.1f (%.2f, %.0f)", $0.insert.wall, $0.probe, $0.handoff) }
            : settings.map { String(format: "%.1f (%.2f)", $0.insert.wall, $0.probe) }
        print(String(format: "ours  %d thread(s): insert %6.2f µs/cell (cpu %6.2f)   relayout %6.2f µs/cell (cpu %6.2f)"
                     + "   per child: insert µs (core probe ns%@) %@",
                     width, median(insert.map(\.wall)), median(insert.map(\.cpu)), median(relayout.map(\.wall)),
                     median(relayout.map(\.cpu)), width > 1 ? ", handoff ns" : "", perChild.joined(separator: " ")))
    }
    if heights.count != 1 {
        print("ERROR: total heights differ between settings: \(heights.sorted())")
        failed = true
    }
    print(String(format: "total content height %.1f pt (identical in every setting)", heights.first ?? 0))
    if let one = runs[1], let all = runs[cores], cores > 1 {
        /// The median over the alternating pairs of `one`'s figure over `all`'s.
        func pairRatio(_ figure: (SettingResult) -> Double) -> Double {
            median(zip(one, all).map { figure($0) / figure($1) })
        }
        print(String(format: "speed-up on %d cores (wall, median of %d alternating pairs): insert %.2fx   relayout %.2fx",
                     cores, children, pairRatio(\.insert.wall), pairRatio(\.relayout.wall)))
        let ceiling = SameWorkCeiling(one: one, all: all, copies: copies)
        print(String(format: "%d 1-thread children at once (nothing shared): insert %6.2f µs/cell each, relayout %6.2f"
                     + "   per run: insert µs %@", cores, ceiling.copiesInsert, ceiling.copiesRelayout,
                     copies.map { $0.map { String(format: "%.1f", $0.insert.wall) }.joined(separator: "+") }
                        .joined(separator: " ")))
        print(String(format: "same-work ceiling now (%d × 1-thread time ÷ each copy's, median of alternations): "
                     + "insert %.2fx   relayout %.2fx; reached by %d threads: insert %.0f%%   relayout %.0f%%",
                     cores, ceiling.insert, ceiling.relayout, cores, ceiling.insertReached * 100,
                     ceiling.relayoutReached * 100))
        for (step, speedUp, ceilingNow) in [("insert", pairRatio(\.insert.wall), ceiling.insert),
                                            ("relayout", pairRatio(\.relayout.wall), ceiling.relayout)] {
            results.append(BenchmarkResult(
                benchmark: "nodes", workload: "\(cellCount) cells with \(kind.rawValue), \(step)", peer: "1 thread",
                measure: "1-thread / \(cores)-thread wall", value: speedUp, goal: .atLeast(SpeedUpGoal.target),
                note: speedUp < SpeedUpGoal.target
                    ? String(format: "same-work ceiling %.2fx%@", ceilingNow, ceilingNow < SpeedUpGoal.target ? ", host-bound" : "")
                    : nil))
        }
        print("goal: speed-up >= \(SpeedUpGoal.target)x on \(cores) cores: "
              + "insert \(SpeedUpGoal.verdict(pairRatio(\.insert.wall), ceiling: ceiling.insert))   "
              + "relayout \(SpeedUpGoal.verdict(pairRatio(\.relayout.wall), ceiling: ceiling.relayout))")
        print(String(format: "machine ceiling now: %d independent compute loops run %.2fx faster at once than "
                     + "one after another (median of 3; no parallel code beats it)", cores,
                     MachineCeiling.speedUp(threads: cores)))
        print(String(format: "parallel CPU overhead (cpu on %d / cpu on 1, median of pairs): insert %.2fx   relayout %.2fx",
                     cores, 1 / pairRatio(\.insert.cpu), 1 / pairRatio(\.relayout.cpu)))
        let cpu = median(one.map(\.insert.cpu)), wall = median(one.map(\.insert.wall))
        print(String(format: "goal: insert <= 20 µs per cell on 1 thread: cpu %@ (%.2f µs), wall %@ (%.2f µs; "
                     + "wall includes time descheduled by other load; medians of %d children)",
                     cpu <= 20 ? "PASS" : "FAIL", cpu, wall <= 20 ? "PASS" : "FAIL", wall, children))
        results.append(BenchmarkResult(benchmark: "nodes", workload: "\(cellCount) cells with \(kind.rawValue), insert",
                                       peer: "none", measure: "CPU µs per cell, 1 thread", value: cpu, goal: .atMost(20)))
    }
}
if cores > 1 {
    print("\nbatch fetching's page")
    results += try PageInsert.report()
}
print("\nlong feeds: what an update costs as the feed, or the batch, grows")
results += LongFeed.report()
results.append(BatchSize.report())
print("\npeer: none runnable on Linux (Texture needs UIKit); the one-thread run is the baseline")
print("load average after: \(loadAverage())")
ResultTable.print(results)
if failed { exit(1) }
