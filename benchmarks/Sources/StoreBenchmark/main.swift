import BenchmarkReport
import FeedModel
import FeedStore
import Foundation

// StoreBenchmark --root DIR --work DIR [--sizes N,N,…]   (run through `bin/bench store`)
// At each size (10,000, 100,000 and 1,000,000 photos unless told): seeds N generated photos with
// FeedStore in a child process (its time and peak memory), exports the same rows as CSV and
// imports them with the sqlite3 shell's .import into the same schema (the peer, in the same run),
// times warm feed pages of 20 with cached layouts as `feed` reads them (PageLatency), and runs
// the sync daemon for a while in a child process (its peak memory). Prints a table of every size, then the results.
let options = BenchmarkOptions(switches: [], valued: ["--root", "--work", "--sizes", "--child", "--db", "--photos"],
                               usage: "StoreBenchmark --root DIR --work DIR [--sizes N,N,…]")
let root = options.url("--root", default: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
setenv("PHOTOFEED_HOME", root.path, 1)
let clock = StoreClock.fixed(Date(timeIntervalSince1970: 1_750_000_000))

if let mode = options.string("--child") {
    try await StoreChild.run(mode, database: options.string("--db")!, photos: options.int("--photos", default: 0),
                             root: root, clock: clock)
    exit(0)
}

let work = options.url("--work", default: FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-bench-store"))
let sizes = options.doubles("--sizes", default: [10_000, 100_000, 1_000_000]).map { Int($0) }
let migrations = root.appendingPathComponent("Migrations")
let program = CommandLine.arguments[0].hasPrefix("/") ? CommandLine.arguments[0]
    : FileManager.default.currentDirectoryPath + "/" + CommandLine.arguments[0]

/// Every figure of one size.
struct SizeFigures {
    var photos: Int
    var rows: Int
    var seed: Double
    var peer: Double
    var seedPeakMiB: Double
    var page: PageLatency.Figures
    var hotPage: PageLatency.Figures
    var storeReads: PageLatency.Figures
    var pageQuery: PageLatency.Figures
    var layoutsCounted: PageLatency.Figures
    var layoutsUncounted: PageLatency.Figures
    var daemonPeakMiB: Double
    var daemonCompleted: Int
}

var figures: [SizeFigures] = []
for photos in sizes {
    try? FileManager.default.removeItem(at: work)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let ours = work.appendingPathComponent("ours.sqlite").path
    let peerPath = work.appendingPathComponent("peer.sqlite").path

    // 1. Our seed, in a child process; then the peer's import of the same rows.
    let seeded = try Shell.keyValues(program, ["--child", "seed", "--root", root.path, "--db", ours, "--photos", "\(photos)"])
    print("\(photos) photos seeded: \(seeded["counts"]!)")
    let peer = try ImportPeer(migrations: migrations, work: work).importSeconds(from: ours, into: peerPath, photos: photos)
    try? FileManager.default.removeItem(atPath: peerPath)

    // 2. Warm pages with cached layouts (the newest 500 pages laid out and cached), in this process.
    let store = try FeedStore(path: ours, migrationsDirectory: migrations, clock: clock)
    let latency = try PageLatency(store: store, pages: min(500, photos / 20 - 1))
    let pageQuery = try latency.measure { page, _ in _ = try store.feedPage(after: latency.laidOut.cursors[page], limit: 20) }
    let storeReads = try latency.storeReads()
    let page = try latency.pageWithLayouts()
    let hotPage = try latency.pageWithLayouts(newest: PageLatency.hotPages)
    let counted = try latency.measure { page, _ in _ = try store.cachedLayouts(for: latency.laidOut.keysByPage[page]) }
    let uncounted = try latency.measure { page, _ in
        _ = try store.cachedLayouts(for: latency.laidOut.keysByPage[page], countAccess: false)
    }

    // 3. The sync daemon on this database, in a child process.
    let daemon = try Shell.keyValues(program, ["--child", "daemon", "--root", root.path, "--db", ours])
    let size = SizeFigures(photos: photos, rows: Int(seeded["rows"]!)!, seed: Double(seeded["seconds"]!)!, peer: peer,
                           seedPeakMiB: Double(seeded["peakMiB"]!)!, page: page, hotPage: hotPage, storeReads: storeReads,
                           pageQuery: pageQuery,
                           layoutsCounted: counted, layoutsUncounted: uncounted,
                           daemonPeakMiB: Double(daemon["peakMiB"]!)!, daemonCompleted: Int(daemon["completed"]!)!)
    figures.append(size)
    print(String(format: "%d photos (%d rows): seed %.2f s, sqlite3 .import %.2f s; page + layouts p50 %.0f µs, p99 %.0f µs; "
                 + "daemon %d completions", photos, size.rows, size.seed, size.peer, size.page.p50, size.page.p99,
                 size.daemonCompleted))
}
try? FileManager.default.removeItem(at: work)

let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
print("\nload average at the end: \(load)")
let shortest = figures.first
print("| photos | seed s | sqlite3 .import s | import / seed (goal ≥ 1) | seed peak MiB | page + layouts p50 / p99 µs (goal ≤ 500 / 2,000) | p50 ÷ p50 at \(shortest?.photos ?? 0) (goal ≤ 1.2) | same, thread CPU µs | newest \(PageLatency.hotPages) pages only p50 µs | store reads p50 µs | page query p50 µs | layouts counted / not p50 µs | daemon peak MiB |")
print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
for size in figures {
    print(String(format: "| %d | %.2f | %.2f | %.2f | %.0f | %.0f / %.0f | %.2f | %.0f / %.0f | %.0f | %.0f | %.0f | %.0f / %.0f | %.0f |", size.photos,
                 size.seed, size.peer, size.peer / size.seed, size.seedPeakMiB, size.page.p50, size.page.p99,
                 size.page.p50 / (shortest?.page.p50 ?? size.page.p50), size.page.cpuP50, size.page.cpuP99,
                 size.hotPage.p50, size.storeReads.p50, size.pageQuery.p50, size.layoutsCounted.p50, size.layoutsUncounted.p50,
                 size.daemonPeakMiB))
}

var results: [BenchmarkResult] = []
for size in figures {
    let seedGoal: Goal? = size.photos >= 100_000 ? .atLeast(1) : nil
    results.append(BenchmarkResult(benchmark: "store", workload: "seeding \(size.photos) photos",
                                   peer: "sqlite3 .import of the same rows", measure: "peer / ours time",
                                   value: size.peer / size.seed, goal: seedGoal))
    let large = size.photos >= 1_000_000
    results.append(BenchmarkResult(benchmark: "store", workload: "feed page of 20 + cached layouts at \(size.photos), p50",
                                   peer: "none", measure: "µs", value: size.page.p50, goal: large ? .atMost(500) : nil))
    results.append(BenchmarkResult(benchmark: "store", workload: "feed page of 20 + cached layouts at \(size.photos), p99",
                                   peer: "none", measure: "µs", value: size.page.p99, goal: large ? .atMost(2000) : nil,
                                   note: "load average \(load)"))
    results.append(BenchmarkResult(benchmark: "store", workload: "feed page of 20 + cached layouts at \(size.photos), p99",
                                   peer: "none", measure: "thread CPU µs", value: size.page.cpuP99, goal: nil))
    results.append(BenchmarkResult(benchmark: "store", workload: "seeding \(size.photos) photos, peak memory",
                                   peer: "none", measure: "MiB", value: size.seedPeakMiB, goal: nil))
    results.append(BenchmarkResult(benchmark: "store", workload: "sync daemon at \(size.photos) photos, peak memory",
                                   peer: "none", measure: "MiB", value: size.daemonPeakMiB, goal: nil))
}
if let smallest = figures.first, let largest = figures.last, figures.count > 1 {
    results.append(BenchmarkResult(benchmark: "store",
                                   workload: "feed page + layouts p50 at \(largest.photos) vs \(smallest.photos) photos",
                                   peer: "the page at \(smallest.photos)", measure: "ours / peer µs",
                                   value: largest.page.p50 / smallest.page.p50, goal: .atMost(1.2)))
    results.append(BenchmarkResult(benchmark: "store",
                                   workload: "feed page + layouts p50 at \(largest.photos) vs \(smallest.photos) photos, "
                                       + "newest \(PageLatency.hotPages) pages only",
                                   peer: "the same at \(smallest.photos)", measure: "ours / peer µs",
                                   value: largest.hotPage.p50 / smallest.hotPage.p50, goal: nil))
    // Flat memory: the seed at the largest size against the one below it (at the smallest size
    // SQLite's bounded page cache is not full yet).
    let below = figures[figures.count - 2]
    results.append(BenchmarkResult(benchmark: "store",
                                   workload: "seeding peak memory at \(largest.photos) vs \(below.photos) photos",
                                   peer: "the seed at \(below.photos)", measure: "ours / peer MiB",
                                   value: largest.seedPeakMiB / below.seedPeakMiB, goal: .atMost(1.25)))
}
ResultTable.print(results)
