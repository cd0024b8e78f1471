import BenchmarkReport
import Foundation
import LayoutCore
import NodeKit

/// Batch fetching's unit of work: a page of ``pageSize`` text cells (the product's
/// `PhotoCellNode`) appended to a feed through the data controller, whose node blocks run and
/// whose cells are measured on 1 worker or on 2. A page is short (a few hundred µs), so it shows
/// what handing 20 cells to the other worker costs next to the cells' own work.
///
/// Each child process (``runChild(threads:idle:)``) builds a feed with a fresh text measurer per
/// round, appends ``pages`` pages one batch each, and reports the median over its rounds (after a
/// warm-up round) of the wall and CPU µs per page. The parent runs a discarded warm-up pair, then
/// ``alternations`` pairs of a 1-worker and a 2-worker child, the pair's order swapped each time so
/// that a drift of the machine favours neither; after each pair, two 1-worker children run at
/// once: the same pages on both cores with nothing shared, whose speed-up is the same-work ceiling
/// printed beside the figure. The speed-up is the median of the pairs' ratios.
///
/// Back-to-back pages find the helper thread still awake from the page before. A second, shorter
/// series (``idleGap`` of sleep before each page, outside the timing) finds it parked, as pages
/// that a user's scrolling asks for seconds apart do; it is printed for information.
enum PageInsert {
    static let pageSize = 20
    /// Pages appended per round, each with its own models (texts new to the measurer).
    static let pages = 25
    static let goal = 1.7
    /// Rounds per child after its warm-up round.
    static var rounds: Int { quick ? 5 : 15 }
    /// Pairs of a 1-worker and a 2-worker child (after a discarded warm-up pair).
    static var alternations: Int { quick ? 3 : 21 }
    /// Pairs of the idle series.
    static var idleAlternations: Int { quick ? 1 : 7 }
    /// Sleep before each page of the idle series: longer than a helper looks for its next run.
    static let idleGap: useconds_t = 2_000

    /// µs per page (wall, cpu) of one round: a fresh feed, ``pages`` pages appended in turn, each
    /// after ``idleGap`` of sleep when `idle`.
    static func round(threads: Int, idle: Bool) -> (wall: Double, cpu: Double) {
        let feed = BenchFeed(width: 375, kind: .text)
        let controller = DataController(dataSource: feed, context: LayoutContext(scale: 2), parallelism: threads)
        controller.reloadData()
        var wall = 0.0, cpu = 0.0
        for _ in 0..<pages {
            let first = feed.count
            feed.count += pageSize
            var changes = ChangeSet()
            changes.insertItems((first..<feed.count).map { ItemPath(0, $0) })
            if idle { usleep(idleGap) }
            let start = Clocks.now()
            _ = try! controller.performBatchUpdates(changes)
            let time = Clocks.now().perCell(since: start, cells: 1)
            wall += time.wall
            cpu += time.cpu
        }
        withExtendedLifetime(feed) {}  // the controller's data source, held weakly
        return (wall / Double(pages), cpu / Double(pages))
    }

    /// A child's work: a warm-up round, then ``rounds`` rounds; prints "wall cpu" (medians).
    static func runChild(threads: Int, idle: Bool) -> Never {
        _ = round(threads: threads, idle: idle)
        let rows = (0..<rounds).map { _ in round(threads: threads, idle: idle) }
        let line = "\(median(rows.map(\.wall))) \(median(rows.map(\.cpu)))\n"
        FileHandle.standardOutput.write(Data(line.utf8))  // unbuffered: `exit` follows
        exit(0)
    }

    /// `copies` children on `threads` workers started together; their (wall, cpu) µs per page.
    static func runChildren(threads: Int, copies: Int, idle: Bool = false) throws -> [(wall: Double, cpu: Double)] {
        let started = try (0..<copies).map { _ -> (child: Process, output: Pipe) in
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["--pages", String(threads)] + (idle ? ["--idle"] : []) + (quick ? ["--quick"] : [])
            let output = Pipe()
            child.standardOutput = output
            try child.run()
            return (child, output)
        }
        return try started.map { child, output in
            let data = output.fileHandleForReading.readDataToEndOfFile()
            child.waitUntilExit()
            let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
                .compactMap { Double($0) }
            guard child.terminationStatus == 0, fields.count == 2 else {
                throw BenchmarkError(message: "the page insert on \(threads) worker(s) failed "
                    + "(exit \(child.terminationStatus)): \(String(decoding: data, as: UTF8.self))")
            }
            return (fields[0], fields[1])
        }
    }

    /// One pair: the 1-worker and the 2-worker child, in the order `oneFirst` says.
    static func pair(oneFirst: Bool, idle: Bool) throws -> (one: (wall: Double, cpu: Double), two: (wall: Double, cpu: Double)) {
        if oneFirst {
            let one = try runChildren(threads: 1, copies: 1, idle: idle)[0]
            return (one, try runChildren(threads: 2, copies: 1, idle: idle)[0])
        }
        let two = try runChildren(threads: 2, copies: 1, idle: idle)[0]
        return (try runChildren(threads: 1, copies: 1, idle: idle)[0], two)
    }

    /// Runs the alternations, prints the figures with the same-work ceiling and returns the
    /// results: the back-to-back speed-up against the goal, the idle one for information.
    static func report() throws -> [BenchmarkResult] {
        let loadBefore = loadAverage()
        _ = try pair(oneFirst: true, idle: false)  // warm-up: the binary's pages, the first processes
        var speedUps: [Double] = [], ceilings: [Double] = [], cpuRatios: [Double] = []
        var ones: [Double] = [], twos: [Double] = []
        for alternation in 0..<alternations {
            let (one, two) = try pair(oneFirst: alternation % 2 == 0, idle: false)
            let together = try runChildren(threads: 1, copies: 2)
            ones.append(one.wall)
            twos.append(two.wall)
            speedUps.append(one.wall / two.wall)
            cpuRatios.append(two.cpu / one.cpu)
            ceilings.append(2 * one.wall / (together.map(\.wall).reduce(0, +) / 2))
        }
        let loadAfter = loadAverage()
        let idleSpeedUps = try (0..<idleAlternations).map { alternation in
            let (one, two) = try pair(oneFirst: alternation % 2 == 0, idle: true)
            return one.wall / two.wall
        }
        let speedUp = median(speedUps), ceiling = median(ceilings), idleSpeedUp = median(idleSpeedUps)
        let spread = quartiles(speedUps)
        print(String(format: "a page of %d text cells appended through the data controller (%d pages per round, "
                     + "fresh text measurer per round, median of %d rounds per child): 1 worker %.0f µs/page, "
                     + "2 workers %.0f µs/page; speed-up %.2fx (median of %d alternating pairs, quartiles "
                     + "%.2f–%.2f; per pair %@)", pageSize, pages, rounds, median(ones), median(twos), speedUp,
                     alternations, spread.lower, spread.upper,
                     speedUps.map { String(format: "%.2f", $0) }.joined(separator: " ")))
        print(String(format: "  same-work ceiling now (2 × 1-worker time ÷ each of two 1-worker children at once): "
                     + "%.2fx; reached %.0f%%; parallel CPU overhead (cpu on 2 / cpu on 1, the helper's wait "
                     + "for the next page included) %.2fx; load average %@ before, %@ after (other builds "
                     + "share this machine)", ceiling, speedUp / ceiling * 100, median(cpuRatios),
                     loadBefore, loadAfter))
        print(String(format: "  each page after %d µs idle (the helper parked, as between a user's scrolls): "
                     + "speed-up %.2fx (median of %d pairs: %@)", idleGap, idleSpeedUp, idleAlternations,
                     idleSpeedUps.map { String(format: "%.2f", $0) }.joined(separator: " ")))
        print("goal: page speed-up >= \(goal)x on 2 workers: "
              + SpeedUpGoal.verdict(speedUp, ceiling: ceiling, target: goal))
        return [
            BenchmarkResult(
                benchmark: "nodes", workload: "a page of \(pageSize) text cells appended, insert", peer: "1 worker",
                measure: "1-worker / 2-worker wall", value: speedUp, goal: .atLeast(goal),
                note: speedUp < goal
                    ? String(format: "same-work ceiling %.2fx%@", ceiling, ceiling < goal ? ", host-bound" : "") : nil),
            BenchmarkResult(
                benchmark: "nodes", workload: "a page of \(pageSize) text cells appended after \(idleGap) µs idle",
                peer: "1 worker", measure: "1-worker / 2-worker wall", value: idleSpeedUp, goal: nil),
        ]
    }

    /// The lower and upper quartiles of `values` (nearest rank).
    static func quartiles(_ values: [Double]) -> (lower: Double, upper: Double) {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return (0, 0) }
        func rank(_ fraction: Double) -> Double { sorted[min(sorted.count - 1, Int(fraction * Double(sorted.count)))] }
        return (rank(0.25), rank(0.75))
    }
}
