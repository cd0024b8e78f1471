import BenchmarkReport
import Foundation
import LayoutCore
import NodeKit

/// Batch fetching's unit of work: a page of ``pageSize`` text cells (the product's
/// `PhotoCellNode`) appended to a feed through the data controller, whose node blocks run and
/// whose cells are measured on 1 worker or on 2. A page is short (a few hundred µs), so it shows
/// what handing 20 cells to the workers costs next to the cells' own work.
///
/// Each child process (``runChild(threads:)``) builds a feed with a fresh text measurer, appends
/// ``pages`` pages one batch each, and reports the median wall and CPU µs per page over its
/// rounds. As in the 1,000-cell benchmark, the 1-worker and 2-worker children alternate, and after
/// each pair two 1-worker children run at once: the same pages on both cores with nothing shared,
/// whose speed-up is the same-work ceiling printed beside the figure.
enum PageInsert {
    static let pageSize = 20
    /// Pages appended per round, each with its own models (texts new to the measurer).
    static let pages = 25
    static let goal = 1.7

    /// µs per page (wall, cpu) of one round: a fresh feed, ``pages`` pages appended in turn.
    static func round(threads: Int) -> (wall: Double, cpu: Double) {
        let feed = BenchFeed(width: 375, kind: .text)
        let controller = DataController(dataSource: feed, context: LayoutContext(scale: 2), parallelism: threads)
        controller.reloadData()
        var wall = 0.0, cpu = 0.0
        for _ in 0..<pages {
            let first = feed.count
            feed.count += pageSize
            var changes = ChangeSet()
            changes.insertItems((first..<feed.count).map { ItemPath(0, $0) })
            let start = Clocks.now()
            _ = try! controller.performBatchUpdates(changes)
            let time = Clocks.now().perCell(since: start, cells: 1)
            wall += time.wall
            cpu += time.cpu
        }
        withExtendedLifetime(feed) {}  // the controller's data source, held weakly
        return (wall / Double(pages), cpu / Double(pages))
    }

    /// A child's work: a warm-up round, then `rounds` rounds; prints "wall cpu" (medians).
    static func runChild(threads: Int) -> Never {
        _ = round(threads: threads)
        let rows = (0..<rounds).map { _ in round(threads: threads) }
        let line = "\(median(rows.map(\.wall))) \(median(rows.map(\.cpu)))\n"
        FileHandle.standardOutput.write(Data(line.utf8))  // unbuffered: `exit` follows
        exit(0)
    }

    /// `copies` children on `threads` workers started together; their (wall, cpu) µs per page.
    static func runChildren(threads: Int, copies: Int) throws -> [(wall: Double, cpu: Double)] {
        let started = try (0..<copies).map { _ -> (child: Process, output: Pipe) in
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            child.arguments = ["--pages", String(threads)] + (quick ? ["--quick"] : [])
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

    /// Runs the alternations, prints the figures with the same-work ceiling and returns the result.
    static func report() throws -> BenchmarkResult {
        var speedUps: [Double] = [], ceilings: [Double] = [], cpuRatios: [Double] = []
        var ones: [Double] = [], twos: [Double] = []
        for _ in 0..<children {
            let one = try runChildren(threads: 1, copies: 1)[0]
            let two = try runChildren(threads: 2, copies: 1)[0]
            let together = try runChildren(threads: 1, copies: 2)
            ones.append(one.wall)
            twos.append(two.wall)
            speedUps.append(one.wall / two.wall)
            cpuRatios.append(two.cpu / one.cpu)
            ceilings.append(2 * one.wall / (together.map(\.wall).reduce(0, +) / 2))
        }
        let speedUp = median(speedUps), ceiling = median(ceilings)
        print(String(format: "a page of %d text cells appended through the data controller (%d pages per round, "
                     + "fresh text measurer per round): 1 worker %.0f µs/page, 2 workers %.0f µs/page; "
                     + "speed-up %.2fx (median of %d alternating pairs; per pair %@)", pageSize, pages,
                     median(ones), median(twos), speedUp, children,
                     speedUps.map { String(format: "%.2f", $0) }.joined(separator: " ")))
        print(String(format: "  same-work ceiling now (2 × 1-worker time ÷ each of two 1-worker children at once): "
                     + "%.2fx; reached %.0f%%; parallel CPU overhead (cpu on 2 / cpu on 1) %.2fx; "
                     + "load average %@ (other builds share this machine)", ceiling, speedUp / ceiling * 100,
                     median(cpuRatios), loadAverage()))
        print("goal: page speed-up >= \(goal)x on 2 workers: "
              + SpeedUpGoal.verdict(speedUp, ceiling: ceiling, target: goal))
        return BenchmarkResult(
            benchmark: "nodes", workload: "a page of \(pageSize) text cells appended, insert", peer: "1 worker",
            measure: "1-worker / 2-worker wall", value: speedUp, goal: .atLeast(goal),
            note: speedUp < goal
                ? String(format: "same-work ceiling %.2fx%@", ceiling, ceiling < goal ? ", host-bound" : "") : nil)
    }
}
