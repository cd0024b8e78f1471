import BenchmarkReport
import FeedService
import FeedStore
import Foundation
import PhotoFeed

// ServeBenchmark --root DIR --work DIR [--photos N] [--seconds S] [--wrk PATH] [--nginx PATH]
// (run through `bin/bench serve`; wrk and nginx come from Debian, installed by bin/bench)
// Seeds N generated photos, serves them in this process on 127.0.0.1 (a free port), and runs wrk,
// 64 connections for S seconds each, against:
//  (a) a warm GET /v1/feed page of 20 at 375 pt @3x,
//  (b) the same with a matching If-None-Match (304s),
//  (c) nginx serving the identical response bytes as a static file on 127.0.0.1, same run;
// and times cold pages (layouts computed and stored) one at a time with curl. All traffic stays
// on loopback, and every run is bounded by its duration.
let options = BenchmarkOptions(switches: [], valued: ["--root", "--work", "--photos", "--seconds", "--wrk", "--nginx"],
                               usage: "ServeBenchmark --root DIR --work DIR [--photos N] [--seconds S]")
let root = options.url("--root", default: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
let work = options.url("--work", default: FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-bench-serve"))
let photos = options.int("--photos", default: 5_000)
let seconds = options.int("--seconds", default: 20)
let wrk = options.string("--wrk") ?? "/usr/bin/wrk"
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

/// wrk's requests per second and 99th percentile latency in milliseconds.
func load(_ url: String, headers: [String] = []) throws -> (rps: Double, p99: Double) {
    let output = try run(wrk, ["-t", "2", "-c", "64", "-d", "\(seconds)s", "--latency"]
                              + headers.flatMap { ["-H", $0] } + [url])
    let lines = output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    let rps = lines.first { $0.hasPrefix("Requests/sec:") }.flatMap { Double($0.split(separator: " ").last ?? "") }
    let p99 = lines.first { $0.hasPrefix("99%") }.map { milliseconds(String($0.split(separator: " ").last ?? "")) }
    guard let rps, let p99 else { fatalError("unexpected wrk output:\n\(output)") }
    let errors = lines.first { $0.hasPrefix("Non-2xx") || $0.hasPrefix("Socket errors") }
    if let errors { print("  wrk \(url): \(errors)") }
    return (rps, p99)
}

/// "1.23ms", "850.00us", "1.02s" in milliseconds.
func milliseconds(_ text: String) -> Double {
    for (suffix, scale) in [("us", 0.001), ("ms", 1.0), ("s", 1000.0)] where text.hasSuffix(suffix) {
        return (Double(text.dropLast(suffix.count)) ?? .nan) * scale
    }
    return .nan
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

// The service, in this process.
let service = try FeedHTTPService(store: store, host: "127.0.0.1", port: 0)
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

// nginx on another free port, serving the same bytes as a static file.
let nginxRoot = work.appendingPathComponent("nginx")
try FileManager.default.createDirectory(at: nginxRoot.appendingPathComponent("logs"), withIntermediateDirectories: true)
try FileManager.default.copyItem(at: work.appendingPathComponent("feed.json"),
                                 to: nginxRoot.appendingPathComponent("feed.json"))
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
defer { nginxProcess.terminate(); nginxProcess.waitUntilExit() }
for _ in 0..<50 where (try? run("/usr/bin/curl", ["-s", "-o", "/dev/null", "-w", "%{http_code}",
                                                  "http://127.0.0.1:\(nginxPort)/feed.json"])) != "200" {
    try await Task.sleep(for: .milliseconds(100))
}

let ours = try load(page)
let notModified = try load(page, headers: ["If-None-Match: \(tag)"])
let peer = try load("http://127.0.0.1:\(nginxPort)/feed.json")
print("warm page: \(Int(ours.rps)) req/s, p99 \(ours.p99) ms; If-None-Match: \(Int(notModified.rps)) req/s, "
      + "p99 \(notModified.p99) ms; nginx static: \(Int(peer.rps)) req/s, p99 \(peer.p99) ms; "
      + "cold page p50 \(median(cold)) ms")
server.cancel()

ResultTable.print([
    BenchmarkResult(benchmark: "serve", workload: "GET /v1/feed page of 20, 375 pt @3x, warm, wrk 64 conns \(seconds) s",
                    peer: "nginx static file", measure: "ours / peer req/s", value: ours.rps / peer.rps,
                    goal: .atLeast(0.5)),
    BenchmarkResult(benchmark: "serve", workload: "GET /v1/feed page of 20, warm, p99 latency",
                    peer: "none", measure: "ms", value: ours.p99, goal: .atMost(10)),
    BenchmarkResult(benchmark: "serve", workload: "the same with a matching If-None-Match (304)",
                    peer: "nginx static file", measure: "ours / peer req/s", value: notModified.rps / peer.rps,
                    goal: .atLeast(0.8)),
    BenchmarkResult(benchmark: "serve", workload: "cold page of 20 (layouts computed and stored), one at a time",
                    peer: "none", measure: "p50 ms", value: median(cold), goal: .atMost(5)),
])
try? FileManager.default.removeItem(at: work)
