import BenchmarkHTTP
import BenchmarkReport
import FeedModel
import FeedService
@_spi(SQLiteAccess) import FeedStore
import GRDB
import Foundation
import Logging

// ChangesBenchmark --root DIR --work DIR [--photos N] [--seconds S] [--clients C]
// (run through `bin/bench changes`)
// Seeds N generated photos into two identical SQLite files, whose first feed page's jobs (image,
// comment feed, its owners' avatars, its places' geocodes) are due first, as a client's session
// asks for the cells it shows first; then, for S seconds each, with the sync daemon on its real
// clock in another process (this program again, with --daemon):
//  (a) C clients follow GET /v1/changes at 375 pt @3x for the first page's photos
//      (`photos=…`) on a server in a third process (this program, with --serve): each event's
//      commit-to-delivery latency (its change's `changed_at` in the log, by the database's
//      clock, to its arrival, by the same machine's clock), and the server's CPU time and peak
//      resident memory;
//  (b) the peer, same freshness, on the second file: the same C clients polling GET /v1/feed (the
//      first page at 375 pt @3x) every 2 s with If-None-Match, on a fresh server process; its CPU.
// The clients run in this process, on one thread each side (poll(2)); all traffic stays on loopback.
let options = BenchmarkOptions(switches: [],
                               valued: ["--root", "--work", "--photos", "--seconds", "--clients", "--serve", "--daemon"],
                               usage: "ChangesBenchmark --root DIR --work DIR [--photos N] [--seconds S] [--clients C]")
var quietLogger = Logger(label: "photofeed.changes.bench")
quietLogger.logLevel = .warning

// The server's process (--serve DB) and the daemon's (--daemon DB: `serve --with-sync`'s service
// on a port of its own); each prints its port once it listens.
for (flag, withSync) in [("--serve", false), ("--daemon", true)] {
    guard let database = options.string(flag) else { continue }
    let service = try FeedHTTPService(store: try FeedStore(path: database), port: 0, withSync: withSync,
                                      logger: quietLogger)
    try await service.run { port in
        print("listening \(port)")
        fflush(nil)
    }
    exit(0)
}

let root = options.url("--root", default: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
setenv("PHOTOFEED_HOME", root.path, 1)
let work = options.url("--work", default: FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-bench-changes"))
let photos = options.int("--photos", default: 100_000)
let seconds = options.int("--seconds", default: 60)
let clients = options.int("--clients", default: 1_000)
try? FileManager.default.removeItem(at: work)
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
/// A seeded file whose first page's jobs are due first; its store and the first page's photos.
func seeded(_ name: String) throws -> (path: String, store: FeedStore, firstPage: [Int64]) {
    let path = work.appendingPathComponent(name).path
    let store = try FeedStore(path: path, migrationsDirectory: root.appendingPathComponent("Migrations"))
    try store.seedGenerated(count: photos, rngSeed: 7, seedDataDirectory: root.appendingPathComponent("seed-data"))
    let items = try store.feedPage(after: nil, limit: 20).items
    func list(_ ids: some Sequence<Int64>) -> String { Set(ids).map(String.init).joined(separator: ",") }
    try store.writer.write { db in
        try db.execute(sql: """
            UPDATE sync_job SET next_run_at = next_run_at - 86400000
            WHERE (kind IN ('image', 'comment-feed') AND target_id IN (\(list(items.map(\.photo.id)))))
               OR (kind = 'avatar' AND target_id IN (\(list(items.map(\.photo.ownerID)))))
               OR (kind = 'geocode' AND target_id IN (\(list(items.compactMap(\.photo.locationID)))))
            """)
    }
    return (path, store, items.map(\.photo.id))
}
let (database, store, firstPage) = try seeded("feed.sqlite")
let peerDatabase = try seeded("peer.sqlite")
print("seeded \(photos) photos twice; \(clients) clients, \(seconds) s per side")

/// This program in another process with `arguments`, once it listens; and its port.
func start(_ arguments: [String]) throws -> (process: Process, port: Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let line = String(decoding: output.fileHandleForReading.availableData, as: UTF8.self)
    guard line.hasPrefix("listening "), let port = Int(line.dropFirst(10).prefix { $0.isNumber }) else {
        fatalError("the process \(arguments) did not start: \(line)")
    }
    return (process, port)
}

func stop(_ process: Process) {
    process.terminate()
    process.waitUntilExit()
}

func doneJobs(_ store: FeedStore) throws -> Int {
    try store.jobCounts().filter { $0.state == "done" }.map(\.count).reduce(0, +)
}

/// Runs `body` for `seconds` with the daemon writing to `path`; the server's CPU seconds meanwhile
/// and the jobs the daemon completed.
func withDaemon(on path: String, store: FeedStore, server: Process,
                _ body: (ContinuousClock.Instant) throws -> Void) throws -> (cpu: Double, jobs: Int) {
    let doneBefore = try doneJobs(store)
    let cpuBefore = ProcessUsage.cpuSeconds(server.processIdentifier)
    let daemon = try start(["--daemon", path])
    try body(ContinuousClock.now + .seconds(seconds))
    let cpu = ProcessUsage.cpuSeconds(server.processIdentifier) - cpuBefore
    stop(daemon.process)
    return (cpu, try doneJobs(store) - doneBefore)
}

// (a) The change stream.
let streamServer = try start(["--serve", database])
let followed = firstPage.map(String.init).joined(separator: ",")
let subscribers = try StreamSubscribers(port: streamServer.port, path: "/v1/changes?width=375&scale=3&photos=\(followed)",
                                        count: clients)
try subscribers.waitUntilOpen()
let headBefore = try await store.changes(after: .max, limit: 1).head
let streaming = try withDaemon(on: database, store: store, server: streamServer.process) {
    try subscribers.run(until: $0)
}
try subscribers.run(until: ContinuousClock.now + .seconds(2))  // what was committed last
let streamRSS = ProcessUsage.peakResidentMiB(streamServer.process.processIdentifier)
stop(streamServer.process)
var changedAt: [Int64: Int64] = [:]
var firstPageChanges = 0
var position = headBefore
while case let page = try await store.changes(after: position, limit: 50_000), let last = page.changes.last {
    for change in page.changes {
        changedAt[change.sequence] = change.changedAt
        if firstPage.contains(change.photoID) { firstPageChanges += 1 }
    }
    position = last.sequence
}
let latencies = subscribers.deliveries.joined().compactMap { delivery in
    changedAt[delivery.id].map { Double(delivery.receivedAt - $0) }
}.sorted()
func percentile(_ values: [Double], _ share: Double) -> Double {
    values.isEmpty ? .nan : values[min(values.count - 1, Int(Double(values.count) * share))]
}
let perClient = Double(latencies.count) / Double(max(1, clients))
print("change stream: \(changedAt.count) changes committed, \(firstPageChanges) of the first page's photos, "
      + "\(latencies.count) events delivered "
      + "(\(Int(perClient)) per client); the daemon completed \(streaming.jobs) jobs; server CPU \(streaming.cpu) s, "
      + "peak RSS \(Int(streamRSS)) MiB; latency p50 \(percentile(latencies, 0.5)) ms, p99 \(percentile(latencies, 0.99)) ms")

// (b) The peer: the same clients polling the first page every 2 s with If-None-Match.
let pollServer = try start(["--serve", peerDatabase.path])
let pollers = try FeedPollers(port: pollServer.port, path: "/v1/feed?width=375&scale=3", count: clients,
                              interval: .seconds(2))
let polling = try withDaemon(on: peerDatabase.path, store: peerDatabase.store, server: pollServer.process) {
    try pollers.run(until: $0)
}
stop(pollServer.process)
print("polling: \(pollers.counts.ok) pages, \(pollers.counts.notModified) not modified, \(pollers.counts.other) other; "
      + "the daemon completed \(polling.jobs) jobs; server CPU \(polling.cpu) s")

let workload = "\(photos) photos, daemon on its real clock, \(clients) clients following the first page at 375 pt @3x, \(seconds) s"
ResultTable.print([
    BenchmarkResult(benchmark: "changes", workload: "GET /v1/changes, \(workload): commit-to-delivery p50",
                    peer: "none", measure: "ms", value: percentile(latencies, 0.5), goal: nil),
    BenchmarkResult(benchmark: "changes", workload: "the same, p99", peer: "none", measure: "ms",
                    value: percentile(latencies, 0.99), goal: .atMost(100)),
    BenchmarkResult(benchmark: "changes", workload: "the same, the server's peak RSS", peer: "none", measure: "MiB",
                    value: streamRSS, goal: .atMost(300)),
    BenchmarkResult(benchmark: "changes", workload: "the same, the server's CPU",
                    peer: "the clients polling GET /v1/feed every 2 s with If-None-Match",
                    measure: "ours / peer CPU s", value: streaming.cpu / max(polling.cpu, 0.001), goal: .atMost(0.25),
                    note: String(format: "%.1f s / %.1f s", streaming.cpu, polling.cpu)),
    BenchmarkResult(benchmark: "changes", workload: "events delivered per client", peer: "none", measure: "count",
                    value: perClient, goal: nil),
])
try? FileManager.default.removeItem(at: work)
