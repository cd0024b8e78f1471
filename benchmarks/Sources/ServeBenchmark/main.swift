import BenchmarkHTTP
import BenchmarkReport
import FeedModel
import FeedService
import FeedStore
import Foundation
import Logging
import PhotoFeed

// ServeBenchmark --root DIR --work DIR [--photos N] [--seconds S] [--wrk PATH] [--nginx PATH]
// (run through `bin/bench serve`; wrk and nginx come from Debian, installed by bin/bench)
// Seeds N generated photos, serves them in this process on 127.0.0.1 (a free port), and runs wrk,
// 64 connections for S seconds each, against:
//  (a) a warm GET /v1/feed page of 20 at 375 pt @3x,
//  (b) the same with a matching If-None-Match (304s),
//  (c) nginx serving the identical response bytes as a static file on 127.0.0.1, same run
//      ((a), (b) and (c) three times in turn: their rows are the median of three ratios, the
//      three printed in the note),
//  (d) the warm page again while the sync daemon writes to the database in another process (this
//      program again, with --daemon-db: `serve --with-sync`'s service on a port of its own);
// and times cold pages (layouts computed and stored) one at a time with curl. Neither server logs
// requests (nginx: access_log off; ours: log level warning). Every wrk run's errors (non-2xx/3xx
// responses, socket errors) are counted and printed. All traffic stays on loopback, and every
// run is bounded by its duration.
let options = BenchmarkOptions(switches: [],
                               valued: ["--root", "--work", "--photos", "--seconds", "--wrk", "--nginx", "--daemon-db"],
                               usage: "ServeBenchmark --root DIR --work DIR [--photos N] [--seconds S]")
var quietLogger = Logger(label: "photofeed.serve.bench")
quietLogger.logLevel = .warning

// The daemon's process: the service with the sync daemon in-process on the named database, until
// SIGTERM; "ready" on stdout once it listens.
if let database = options.string("--daemon-db") {
    let store = try FeedStore(path: database)
    let service = try FeedHTTPService(store: store, port: 0, withSync: true, logger: quietLogger)
    try await service.run { _ in
        print("ready")
        fflush(nil)
    }
    exit(0)
}

let root = options.url("--root", default: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
setenv("PHOTOFEED_HOME", root.path, 1)
let work = options.url("--work", default: FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-bench-serve"))
let photos = options.int("--photos", default: 5_000)
let seconds = options.int("--seconds", default: 20)
let wrkPath = options.string("--wrk") ?? "/usr/bin/wrk"
let nginx = options.string("--nginx") ?? "/usr/sbin/nginx"
try? FileManager.default.removeItem(at: work)
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)

let store = try FeedStore(path: work.appendingPathComponent("feed.sqlite").path,
                          migrationsDirectory: root.appendingPathComponent("Migrations"))
try store.seedGenerated(count: photos, rngSeed: 7, seedDataDirectory: root.appendingPathComponent("seed-data"))

/// Runs a command to its end; its standard output.
func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

let wrk = Wrk(executable: wrkPath, seconds: seconds)
func median(_ values: [Double]) -> Double { MedianOfRuns(values).median }

// The service, in this process.
let service = try FeedHTTPService(store: store, host: "127.0.0.1", port: 0, logger: quietLogger)
let listening = AsyncStream<Int>.makeStream()
let server = Task { try await service.application(onListening: { port in listening.continuation.yield(port) }).run() }
func first(_ stream: AsyncStream<Int>) async -> Int? {
    for await value in stream { return value }
    return nil
}
guard let port = await first(listening.stream) else { fatalError("the service did not start") }
let base = "http://127.0.0.1:\(port)"
let page = "\(base)/v1/feed?width=375&scale=3&limit=20"

// Cold pages: each at a width no page was laid out at before, so every layout is computed and stored.
var cold: [Double] = []
for index in 0..<30 {
    let time = try run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{time_total}",
                                         "\(base)/v1/feed?width=\(300 + index)&scale=3&limit=20"])
    cold.append((Double(time) ?? .nan) * 1000)
}

// The warm page's bytes and tag.
_ = try run("/usr/bin/curl", ["-s", "-o", "/dev/null", page])
let headers = try run("/usr/bin/curl", ["-s", "-D", "-", "-o", work.appendingPathComponent("feed.json").path, page])
guard let tag = headers.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("etag:") })?
    .dropFirst(5).trimmingCharacters(in: .whitespaces) else { fatalError("no ETag in:\n\(headers)") }

// nginx on another free port, serving the same bytes as a static file, from a folder of its own
// that its workers (another user when started as root) can read.
let nginxRoot = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-bench-nginx-\(getpid())")
try? FileManager.default.removeItem(at: nginxRoot)
try FileManager.default.createDirectory(at: nginxRoot.appendingPathComponent("logs"), withIntermediateDirectories: true)
try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: nginxRoot.path)
try FileManager.default.copyItem(at: work.appendingPathComponent("feed.json"),
                                 to: nginxRoot.appendingPathComponent("feed.json"))
try FileManager.default.setAttributes([.posixPermissions: 0o644],
                                      ofItemAtPath: nginxRoot.appendingPathComponent("feed.json").path)
let nginxPort = port + 1
try """
    worker_processes auto;
    daemon off;
    pid \(nginxRoot.path)/nginx.pid;
    error_log \(nginxRoot.path)/logs/error.log;
    events { worker_connections 1024; }
    http {
        access_log off;
        types { application/json json; }
        server {
            listen 127.0.0.1:\(nginxPort);
            root \(nginxRoot.path);
        }
    }
    """.write(to: nginxRoot.appendingPathComponent("nginx.conf"), atomically: true, encoding: .utf8)
let nginxProcess = Process()
nginxProcess.executableURL = URL(fileURLWithPath: nginx)
nginxProcess.arguments = ["-p", nginxRoot.path, "-c", nginxRoot.appendingPathComponent("nginx.conf").path]
try nginxProcess.run()
defer {
    nginxProcess.terminate()
    nginxProcess.waitUntilExit()
    try? FileManager.default.removeItem(at: nginxRoot)
}
let peerURL = "http://127.0.0.1:\(nginxPort)/feed.json"
var peerBody = Data()
for _ in 0..<50 {
    _ = try? run("/usr/bin/curl", ["-s", "-f", "-o", work.appendingPathComponent("peer.json").path, peerURL])
    peerBody = (try? Data(contentsOf: work.appendingPathComponent("peer.json"))) ?? Data()
    if !peerBody.isEmpty { break }
    try await Task.sleep(for: .milliseconds(100))
}
guard peerBody == (try Data(contentsOf: work.appendingPathComponent("feed.json"))) else {
    fatalError("nginx does not serve the page's bytes at \(peerURL) (see \(nginxRoot.path)/logs/error.log)")
}

// (a), (b) and the peer, three rounds in turn; the rows report the median of the three ratios.
var warmRatio = MedianOfRuns(), notModifiedRatio = MedianOfRuns(), warmP99 = MedianOfRuns(), peerRPS = MedianOfRuns()
var failedReads = 0
for round in 1 ... 3 {
    let ours = try wrk.run(page)
    let notModified = try wrk.run(page, headers: ["If-None-Match: \(tag)"])
    let peer = try wrk.run(peerURL)
    warmRatio.append(ours.rps / peer.rps)
    notModifiedRatio.append(notModified.rps / peer.rps)
    warmP99.append(ours.p99)
    peerRPS.append(peer.rps)
    failedReads += ours.errors + notModified.errors
    print("round \(round): warm page: \(Int(ours.rps)) req/s, p99 \(ours.p99) ms; If-None-Match: \(Int(notModified.rps)) "
          + "req/s, p99 \(notModified.p99) ms; nginx static: \(Int(peer.rps)) req/s, p99 \(peer.p99) ms")
}
print("cold page p50 \(median(cold)) ms")

// (d) The sync daemon in another process writes while wrk reads the page.
/// Jobs done so far.
func doneJobs() throws -> Int {
    try store.jobCounts().filter { $0.state == "done" }.map(\.count).reduce(0, +)
}
let daemon = Process()
daemon.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
daemon.arguments = ["--daemon-db", work.appendingPathComponent("feed.sqlite").path]
let daemonOutput = Pipe()
daemon.standardOutput = daemonOutput
try daemon.run()
guard String(decoding: daemonOutput.fileHandleForReading.availableData, as: UTF8.self).hasPrefix("ready") else {
    fatalError("the sync daemon's process did not start")
}
let doneBefore = try doneJobs()
let writing = try wrk.run(page)
let completions = try doneJobs() - doneBefore
daemon.terminate()
daemon.waitUntilExit()
print("while the daemon writes: \(Int(writing.rps)) req/s, p99 \(writing.p99) ms, \(writing.errors) errors; "
      + "the daemon completed \(completions) jobs (\(completions / seconds) per second)")
server.cancel()

ResultTable.print([
    BenchmarkResult(benchmark: "serve", workload: "GET /v1/feed page of 20, 375 pt @3x, warm, wrk 64 conns \(seconds) s",
                    peer: "nginx static file", measure: "ours / peer req/s", value: warmRatio.median,
                    goal: .atLeast(0.5), note: warmRatio.note),
    BenchmarkResult(benchmark: "serve", workload: "GET /v1/feed page of 20, warm, p99 latency",
                    peer: "none", measure: "ms", value: warmP99.median, goal: .atMost(10), note: warmP99.note),
    BenchmarkResult(benchmark: "serve", workload: "the same with a matching If-None-Match (304)",
                    peer: "nginx static file", measure: "ours / peer req/s", value: notModifiedRatio.median,
                    goal: .atLeast(0.8), note: notModifiedRatio.note),
    BenchmarkResult(benchmark: "serve", workload: "cold page of 20 (layouts computed and stored), one at a time",
                    peer: "none", measure: "p50 ms", value: median(cold), goal: .atMost(5)),
    BenchmarkResult(benchmark: "serve", workload: "the warm page while the sync daemon writes in another process",
                    peer: "none", measure: "req/s", value: writing.rps, goal: nil),
    BenchmarkResult(benchmark: "serve", workload: "the same, against nginx static file's req/s",
                    peer: "nginx static file", measure: "ours / peer req/s", value: writing.rps / peerRPS.median,
                    goal: nil),
    BenchmarkResult(benchmark: "serve", workload: "the daemon's completions meanwhile",
                    peer: "none", measure: "jobs/s", value: Double(completions) / Double(seconds), goal: nil),
    BenchmarkResult(benchmark: "serve", workload: "readers' failed requests in (a), (b) and while the daemon writes",
                    peer: "none", measure: "count", value: Double(failedReads + writing.errors),
                    goal: .atMost(0)),
])
try? FileManager.default.removeItem(at: work)
