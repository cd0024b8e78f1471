import BenchmarkFeed
import BenchmarkReport
import FeedModel
import FeedStore
import FeedStorePostgres
import FeedSync
import Foundation
import PhotoFeed
import Synchronization

// WorkersBenchmark --root DIR --work DIR --postgres URL [--photos N] [--workers 1,2,4] [--batch N] [--width W]
//   (run through `bin/bench workers`, which starts a throwaway PostgreSQL cluster and passes its URL)
// Sync completions per second on one generated set of N photos (100,000 unless told), layouts
// cached at one width (375 points, scale 2) so that every completion that changes a cell relays
// it out: the SQLite daemon (one `SyncWorker` process, as under the sync lock) beside 1, 2 and 4
// `SyncWorker`s on PostgreSQL, each worker a process of its own, as
// `photofeed sync` runs them, all on the virtual clock (no latency is waited), with the same seed.
// The rate is every job finished (succeeded or given up) over the span from the first worker's
// start to the last one's end. Prints the scaling over one worker and the ratio of 2 workers on
// PostgreSQL to the SQLite daemon (goal ≥ 0.5: the server shares the machine's cores; the daemon
// and the 2 workers run three times in turn, each from the same seeded copy, and the row is the
// median of the three ratios), and checks that every PostgreSQL run ended with the same feed.
//
// Child mode (the workers themselves): WorkersBenchmark --child sqlite|postgres --db PATH|URL
//   --batch N --worker NAME; prints one `result …` line.
let options = BenchmarkOptions(
    switches: [],
    valued: ["--root", "--work", "--postgres", "--photos", "--workers", "--batch", "--width", "--child", "--db",
             "--worker"],
    usage: "WorkersBenchmark --root DIR --work DIR --postgres URL [--photos N] [--workers 1,2,4] [--batch N] [--width W]")
let root = options.url("--root", default: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
// The stores find the project's resources (seed data, migrations) through PHOTOFEED_HOME.
setenv("PHOTOFEED_HOME", root.path, 1)
let batchSize = options.int("--batch", default: 512)
let seed: UInt64 = 1

/// What one worker process did, from its `result` line.
struct WorkerResult {
    var start: Double, end: Double, finished: Int, retried: Int, relayouts: Int, batches: Int

    init(report: SyncReport, start: Double, end: Double) {
        self.start = start
        self.end = end
        finished = report.completed + report.failed
        retried = report.retried
        relayouts = report.relayouts
        batches = report.batches
    }

    var line: String {
        "result start=\(start) end=\(end) finished=\(finished) retried=\(retried) relayouts=\(relayouts) batches=\(batches)"
    }

    init?(line: Substring) {
        let fields = Dictionary(line.split(separator: " ").dropFirst().compactMap { field -> (String, Double)? in
            let parts = field.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, let value = Double(parts[1]) else { return nil }
            return (String(parts[0]), value)
        }, uniquingKeysWith: { $1 })
        guard let start = fields["start"], let end = fields["end"], let finished = fields["finished"] else { return nil }
        self.start = start
        self.end = end
        self.finished = Int(finished)
        retried = Int(fields["retried"] ?? 0)
        relayouts = Int(fields["relayouts"] ?? 0)
        batches = Int(fields["batches"] ?? 0)
    }
}

func wallSeconds() -> Double { Date().timeIntervalSince1970 }

/// A worker process's body: opens its store and cells as `photofeed sync` does (text caches
/// cold), runs until the queue is drained and prints its result.
func runChild(kind: String, database: String) async throws {
    let report: SyncReport, start: Double
    if kind == "sqlite" {
        let store = try FeedStore(path: database)
        let controller = try FeedController(store: store, cellCapacity: FeedController.relayoutCellCapacity(for: store))
        try store.releaseRunningJobs()
        let worker = SyncWorker(store: store, relayouter: controller, clock: VirtualClock(),
                                configuration: .init(seed: seed, worker: "sqlite", batchSize: batchSize))
        start = wallSeconds()
        report = try await worker.run(until: .idle)
    } else {
        let store = try PostgresFeedStore(location: PostgresLocation(url: database))
        let controller = try FeedController(store: store, cellCapacity: FeedController.relayoutCellCapacity(for: store))
        let name = options.string("--worker") ?? "bench-\(ProcessInfo.processInfo.processIdentifier)"
        let worker = SyncWorker(store: store, relayouter: controller, clock: VirtualClock(),
                                configuration: .init(seed: seed, worker: name, batchSize: batchSize))
        start = wallSeconds()
        report = try await worker.run(until: .idle)
    }
    print(WorkerResult(report: report, start: start, end: wallSeconds()).line)
}

/// Runs `count` worker processes on `database` at once; returns their results.
func runWorkers(kind: String, database: String, count: Int) async throws -> [WorkerResult] {
    let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    let processes = try (1 ... count).map { index -> (Process, Pipe) in
        let process = Process()
        process.executableURL = executable
        process.arguments = ["--child", kind, "--db", database, "--batch", "\(batchSize)", "--worker", "w\(index)",
                             "--root", root.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        return (process, output)
    }
    return try processes.map { process, output in
        let data = output.fileHandleForReading.readDataToEndOfFile()
        // Polled: Foundation's `waitUntilExit` can miss the child's end on a thread without a run loop.
        while process.isRunning { usleep(10_000) }
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0,
              let result = text.split(separator: "\n").last(where: { $0.hasPrefix("result ") })
                .flatMap(WorkerResult.init(line:)) else {
            throw BenchmarkFailure("a \(kind) worker failed (status \(process.terminationStatus)): \(text)")
        }
        return result
    }
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Completions per second of a run: every job finished over the span of all its workers.
func rate(_ results: [WorkerResult]) -> (rate: Double, finished: Int, span: Double) {
    let finished = results.map(\.finished).reduce(0, +)
    let span = (results.map(\.end).max() ?? 0) - (results.map(\.start).min() ?? 0)
    return (Double(finished) / max(span, 1e-9), finished, span)
}

/// Lays out every photo of the feed at `width` (scale 2) in pages of 500 and caches the layouts.
func precompute(_ controller: FeedController, width: Double) throws -> Int {
    try controller.precomputeLayouts(widths: [width], scales: [2], paging: .bulk).layouts
}

func format(_ value: Double, _ decimals: Int = 2) -> String { String(format: "%.\(decimals)f", value) }

func runBenchmark() async throws {
    let work = options.url("--work", default: FileManager.default.temporaryDirectory
        .appendingPathComponent("photofeed-bench-workers"))
    guard let postgres = options.string("--postgres") else {
        throw BenchmarkFailure("--postgres URL is required (bin/bench workers starts a cluster and passes it)")
    }
    let photos = options.int("--photos", default: 100_000)
    let workerCounts = options.doubles("--workers", default: [1, 2, 4]).map { Int($0) }
    let width = options.doubles("--width", default: [375])[0]
    let seedData = root.appendingPathComponent("seed-data")
    try? FileManager.default.removeItem(at: work)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    let admin = try BenchDatabases(url: postgres)

    // The SQLite daemon's store (kept as a template file: each daemon run works on a copy), then
    // the PostgreSQL template, both seeded and laid out alike.
    let sqliteTemplate = work.appendingPathComponent("seeded.sqlite")
    do {
        let store = try FeedStore(path: sqliteTemplate.path)
        let counts = try store.seedGenerated(count: photos, rngSeed: 1, seedDataDirectory: seedData, progress: nil)
        let layouts = try precompute(try FeedController(store: store), width: width)
        print("sqlite: \(counts.photos) photos, \(counts.syncJobs) jobs, \(layouts) layouts at \(Int(width)) pt")
    }
    let template = "bench_workers_seeded"
    try admin.recreate(template)
    do {
        let store = try PostgresFeedStore(location: admin.location(of: template))
        let counts = try store.seedGenerated(count: photos, rngSeed: 1, seedDataDirectory: seedData, progress: nil)
        let layouts = try precompute(try FeedController(store: store), width: width)
        print("postgres: \(counts.photos) photos, \(counts.syncJobs) jobs, \(layouts) layouts at \(Int(width)) pt")
    }

    /// The SQLite daemon on a fresh copy of the template file; its completions per second.
    func daemonRun() async throws -> Double {
        let path = work.appendingPathComponent("feed.sqlite").path
        for suffix in ["", "-wal", "-shm"] {
            try? FileManager.default.removeItem(atPath: path + suffix)
            if suffix != "-shm", FileManager.default.fileExists(atPath: sqliteTemplate.path + suffix) {
                try FileManager.default.copyItem(atPath: sqliteTemplate.path + suffix, toPath: path + suffix)
            }
        }
        let daemon = rate(try await runWorkers(kind: "sqlite", database: path, count: 1))
        print("SQLite daemon: \(daemon.finished) jobs in \(format(daemon.span, 3)) s = \(Int(daemon.rate)) completions/s")
        return daemon.rate
    }
    var feeds: Set<String> = []
    /// `count` PostgreSQL workers on a fresh copy of the template database; their completions per second.
    func postgresRun(count: Int) async throws -> Double {
        let database = "bench_workers_\(count)"
        try admin.copy(template, to: database)
        let run = rate(try await runWorkers(kind: "postgres", database: admin.location(of: database).description,
                                            count: count))
        let feed = try admin.feedDigest(database)
        feeds.insert(feed)
        print("PostgreSQL, \(count) worker\(count == 1 ? "" : "s"): \(run.finished) jobs in \(format(run.span, 3)) s = "
            + "\(Int(run.rate)) completions/s; feed digest \(feed.prefix(12))")
        try admin.drop(database)
        return run.rate
    }

    // The goal's ratio, 2 PG workers over the daemon: three rounds of both in turn, the median.
    var daemonRates = MedianOfRuns(), twoRates = MedianOfRuns(), ratios = MedianOfRuns()
    let comparesTwo = workerCounts.contains(2)
    for _ in 1 ... (comparesTwo ? 3 : 1) {
        daemonRates.append(try await daemonRun())
        guard comparesTwo else { break }
        twoRates.append(try await postgresRun(count: 2))
        ratios.append(twoRates.values.last! / daemonRates.values.last!)
    }
    var rates: [Int: Double] = comparesTwo ? [2: twoRates.median] : [:]
    for count in workerCounts where count != 2 {
        rates[count] = try await postgresRun(count: count)
    }
    try admin.drop(template)
    try? FileManager.default.removeItem(at: work)

    var results: [BenchmarkResult] = []
    let workload = "\(photos) generated photos, every sync job, relayout at \(Int(width)) pt"
    for count in workerCounts {
        guard let value = rates[count] else { continue }
        let median = count == 2 ? twoRates.note : nil
        results.append(BenchmarkResult(benchmark: "workers", workload: workload + ", \(count) PG worker(s)",
                                       peer: "none", measure: "completions/s", value: value, goal: nil, note: median))
        if count > 1, let one = rates[1] {
            results.append(BenchmarkResult(benchmark: "workers", workload: workload, peer: "1 PG worker",
                                           measure: "\(count) workers / 1 completions/s", value: value / one, goal: nil))
        }
    }
    results.append(BenchmarkResult(benchmark: "workers", workload: workload, peer: "none",
                                   measure: "SQLite daemon completions/s", value: daemonRates.median, goal: nil,
                                   note: daemonRates.values.count > 1 ? daemonRates.note : nil))
    if comparesTwo {
        let differ = feeds.count == 1 ? "" : "; the PostgreSQL runs ended with different feeds"
        results.append(BenchmarkResult(
            benchmark: "workers", workload: workload, peer: "the SQLite daemon, same run",
            measure: "2 PG workers / SQLite daemon completions/s", value: ratios.median, goal: .atLeast(0.5),
            note: ratios.note + differ))
    }
    print("same final feed in every PostgreSQL run: \(feeds.count == 1 ? "yes" : "NO")")
    _ = ResultTable.print(results)
    if feeds.count != 1 { throw BenchmarkFailure("the PostgreSQL runs ended with different feeds") }
}

let finished = DispatchSemaphore(value: 0)
let failure = Mutex<(any Error)?>(nil)
Task.detached {
    do {
        if let child = options.string("--child") {
            try await runChild(kind: child, database: options.string("--db") ?? "")
        } else {
            try await runBenchmark()
        }
    } catch {
        failure.withLock { $0 = error }
    }
    finished.signal()
}
finished.wait()
if let error = failure.withLock({ $0 }) {
    FileHandle.standardError.write(Data("WorkersBenchmark: \(error)\n".utf8))
    exit(1)
}
