import BenchmarkReport
import Foundation
import PhotoFeed

// A 10,000-cell feed session at 60 steps per second of virtual time (`photofeed session`'s
// simulation over the product's photo cells, each requesting its image, avatar and reverse
// geocode on entering the preload range; the geocode lays the cell out again): the wall time of
// a step that fetches no page — the range controller's update, the interface-state changes of
// the cells and their subnodes, the job requests and completions, the relayouts, the placeholder
// and shift bookkeeping — early in the feed (500–1,500 cells fetched) and late (8,500–9,500). A
// step should cost what the cells around the viewport cost, however many the feed holds.

let options = BenchmarkOptions(switches: ["--quick"], valued: ["--cells", "--rounds"],
                               usage: "SessionBenchmark [--quick] [--cells N] [--rounds N]")
let cellCount = options.int("--cells", default: 10_000)
let rounds = options.int("--rounds", default: options.has("--quick") ? 1 : 3)
let flatGoal = 1.2
let short = (cellCount / 20)...(cellCount * 3 / 20)
let long = (cellCount * 17 / 20)...(cellCount * 19 / 20)

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
}

/// One session through the whole feed: the median step time (µs) while the feed holds a number
/// of cells in `short` and in `long`, and the steps made.
func session() throws -> (short: Double, long: Double, steps: Int) {
    let source = BenchPhotoSource(count: cellCount)
    // 1,200 points per second: 20 points a step, two or three cells a second.
    let configuration = FeedSessionConfiguration(width: 375, height: 667, scale: 2, script: .speed(1_200),
                                                 stepsPerSecond: 60, seed: 1, maximumSteps: 10_000_000)
    let session = FeedSession(source: source, configuration: configuration, parallelism: 1)
    let clock = ContinuousClock()
    var early: [Double] = [], late: [Double] = []
    while !session.isFinished {
        let cells = session.cellCount
        let start = clock.now
        let step = try session.step()
        let elapsed = seconds(clock.now - start) * 1e6
        guard step.pagesFetched == 0 else { continue }
        if short.contains(cells) { early.append(elapsed) }
        if long.contains(cells) { late.append(elapsed) }
    }
    return (median(early), median(late), session.stepCount)
}

_ = try session()  // warm-up
var figures: [(short: Double, long: Double, steps: Int)] = []
for _ in 0..<rounds { figures.append(try session()) }
let ratio = median(figures.map { $0.long / $0.short })
print(String(format: "session step (%d steps through %d cells at 60 steps/s, 1 thread): %.2f µs with %d–%d cells "
             + "fetched, %.2f µs with %d–%d; long ÷ short %.2fx (goal ≤ %.1f)",
             figures[0].steps, cellCount, median(figures.map(\.short)), short.lowerBound, short.upperBound,
             median(figures.map(\.long)), long.lowerBound, long.upperBound, ratio, flatGoal))
ResultTable.print([BenchmarkResult(
    benchmark: "session",
    workload: "a step of a \(cellCount)-photo-cell session at 60 steps/s (range update, interface states, jobs)",
    peer: "the same steps early in the feed", measure: "late / early µs per step", value: ratio,
    goal: .atMost(flatGoal))])
