import BenchmarkHTTP
import BenchmarkReport
import FeedStorePostgres
import Foundation
import NIOCore

/// (e) uncached reads, (f) `/healthz` meanwhile, (g) the same on PostgreSQL 0.5 ms further away.
/// The same rows on SQLite and PostgreSQL, every photo's layout cached at 375 pt @3x: each store
/// served by its own ``ServerProcess`` (`serve --no-response-cache`), loaded by wrk with
/// ``RandomPhotoRequests`` (`GET /v1/photos/{id}` over every id, seeded) while a ``HealthProbe``
/// asks `/healthz` every 10 ms on a connection of its own. Then PostgreSQL through a
/// ``DelayProxy``, first without delay (what the proxy itself costs), then with 0.25 ms each way,
/// the added round trip measured with ``RoundTrip``.
struct UncachedReads {
    static let width = 375
    static let scale = 3
    static let oneWayDelay = TimeAmount.microseconds(250)

    let root: URL
    let wrk: Wrk
    let requests: RandomPhotoRequests
    /// Ids whose response must be a layout-cache hit before a run starts.
    let checkedIDs: [Int64]

    struct Run {
        var load: WrkLoad
        var health: HealthProbe.Samples
        /// CPU microseconds per request of the server process, and of PostgreSQL's processes
        /// (its backends: 0 on SQLite), over the load.
        var serverCPU: Double
        var databaseCPU: Double
    }

    /// Serves `database` and loads it; prints the run's figures under `name`.
    func run(_ database: String, name: String) throws -> Run {
        let server = try ServerProcess(database: database, root: root)
        defer { server.stop() }
        try checkHits(port: server.port, name: name)
        let probe = HealthProbe(port: server.port)
        probe.start()
        let (serverBefore, databaseBefore) = (ProcessUsage.cpuSeconds(server.pid),
                                              ProcessUsage.cpuSeconds(ofProcessesNamed: "postgres"))
        let load = try wrk.run("http://127.0.0.1:\(server.port)", script: requests.script.path)
        let perRequest = 1e6 / max(1, load.rps * Double(wrk.seconds))
        let serverCPU = (ProcessUsage.cpuSeconds(server.pid) - serverBefore) * perRequest
        let databaseCPU = ProcessUsage.cpuSeconds(ofProcessesNamed: "postgres", since: databaseBefore) * perRequest
        let health = probe.stop()
        print(name + String(format: ": %.0f req/s, p50 %.2f ms, p99 %.2f ms, %d failed; /healthz p50 %.2f ms, p99 %.2f ms (%d samples, %d failed); "
                            + "CPU per request: server %.0f µs, PostgreSQL %.0f µs",
                            load.rps, load.p50, load.p99, load.errors, health.percentile(0.5), health.percentile(0.99),
                            health.milliseconds.count, health.failures, serverCPU, databaseCPU))
        return Run(load: load, health: health, serverCPU: serverCPU, databaseCPU: databaseCPU)
    }

    /// Throws unless every checked photo is answered from the layout cache (its connection closed after).
    private func checkHits(port: Int, name: String) throws {
        let client = try LoopbackHTTPClient(port: port)
        for id in checkedIDs {
            let (status, headers, body) = try client.get("/v1/photos/\(id)?width=\(Self.width)&scale=\(Self.scale)")
            // The service says how it found the layout in Server-Timing.
            guard status == 200, headers["server-timing"] == "layout-cache;desc=\"hits=1 misses=0\"" else {
                let text = String(decoding: body, as: UTF8.self)
                throw ServerFailure(description: "\(name): photo \(id) is not a layout-cache hit (\(status), "
                                    + "\(headers["server-timing"] ?? "no Server-Timing")): \(text.prefix(200))")
            }
        }
    }

    /// Every run and its rows.
    func measure(sqlitePath: String, postgres: PostgresLocation, photos: Int) throws -> [BenchmarkResult] {
        let onSQLite = try run(sqlitePath, name: "SQLite")
        let onPostgres = try run(Self.url(postgres), name: "PostgreSQL")

        let direct = try RoundTrip.selectOne(postgres, port: postgres.port)
        let passThrough = try DelayProxy(upstreamHost: postgres.host, upstreamPort: postgres.port, oneWayDelay: .zero)
        var proxied = postgres
        proxied.host = "127.0.0.1"
        proxied.port = passThrough.port
        let passedThrough = try RoundTrip.selectOne(proxied, port: passThrough.port)
        let throughProxy = try run(Self.url(proxied), name: "PostgreSQL through the proxy without delay")
        passThrough.stop()
        let delaying = try DelayProxy(upstreamHost: postgres.host, upstreamPort: postgres.port,
                                      oneWayDelay: Self.oneWayDelay)
        proxied.port = delaying.port
        let delayed = try RoundTrip.selectOne(proxied, port: delaying.port)
        let added = delayed - direct
        print(String(format: "SELECT 1 round trip p50: direct %.3f ms, through the proxy without delay %.3f ms, "
                     + "with delay %.3f ms: %.3f ms added", direct, passedThrough, delayed, added))
        let farther = try run(Self.url(proxied), name: "PostgreSQL, 0.5 ms farther")
        delaying.stop()

        let reads = "uncached reads: random GET /v1/photos/{id} \(Self.width) pt @\(Self.scale)x over \(photos), "
            + "serve --no-response-cache, wrk 64 conns \(wrk.seconds) s"
        let health = "GET /healthz every 10 ms on its own connection during the uncached reads"
        func rps(_ run: Run) -> String { String(format: "%.0f req/s", run.load.rps) }
        func probe(_ run: Run) -> String {
            String(format: "p50 %.2f ms, %d samples, %d failed", run.health.percentile(0.5),
                   run.health.milliseconds.count, run.health.failures)
        }
        let failed = [onSQLite, onPostgres, throughProxy, farther].map { $0.load.errors + $0.health.failures }
        return [
            BenchmarkResult(benchmark: "postgres", workload: reads, peer: "the same on SQLite, same run",
                            measure: "PostgreSQL / SQLite req/s", value: onPostgres.load.rps / onSQLite.load.rps,
                            goal: .atLeast(0.8), note: "PostgreSQL \(rps(onPostgres)), SQLite \(rps(onSQLite))"),
            BenchmarkResult(benchmark: "postgres", workload: "uncached reads on SQLite", peer: "none",
                            measure: "req/s", value: onSQLite.load.rps, goal: nil),
            BenchmarkResult(benchmark: "postgres", workload: "uncached reads on SQLite, p99 latency", peer: "none",
                            measure: "ms", value: onSQLite.load.p99, goal: .atMost(20)),
            BenchmarkResult(benchmark: "postgres", workload: "uncached reads on PostgreSQL", peer: "none",
                            measure: "req/s", value: onPostgres.load.rps, goal: nil),
            BenchmarkResult(benchmark: "postgres", workload: "uncached reads on PostgreSQL, p99 latency", peer: "none",
                            measure: "ms", value: onPostgres.load.p99, goal: .atMost(20)),
            BenchmarkResult(benchmark: "postgres", workload: "uncached reads, CPU per request: the server and PostgreSQL",
                            peer: "the server on SQLite, same run", measure: "ours / peer µs",
                            value: (onPostgres.serverCPU + onPostgres.databaseCPU) / onSQLite.serverCPU, goal: nil,
                            note: String(format: "on PostgreSQL the server %.0f µs and PostgreSQL's processes %.0f µs; "
                                         + "on SQLite the server %.0f µs", onPostgres.serverCPU, onPostgres.databaseCPU,
                                         onSQLite.serverCPU)),
            BenchmarkResult(benchmark: "postgres", workload: health + ", SQLite, p99", peer: "none", measure: "ms",
                            value: onSQLite.health.percentile(0.99), goal: .atMost(5), note: probe(onSQLite)),
            BenchmarkResult(benchmark: "postgres", workload: health + ", PostgreSQL, p99", peer: "none", measure: "ms",
                            value: onPostgres.health.percentile(0.99), goal: .atMost(5), note: probe(onPostgres)),
            BenchmarkResult(benchmark: "postgres", workload: "uncached reads on PostgreSQL through the delay proxy, no delay",
                            peer: "the same without the proxy, same run", measure: "ours / peer req/s",
                            value: throughProxy.load.rps / onPostgres.load.rps, goal: nil,
                            note: "the proxy's own cost: \(rps(throughProxy))"),
            BenchmarkResult(benchmark: "postgres", workload: "the delay proxy's added round trip (SELECT 1, p50)",
                            peer: "SELECT 1 without the proxy", measure: "added ms", value: added, goal: nil,
                            note: String(format: "direct %.3f ms; through the proxy %.3f ms, without its delay %.3f ms",
                                         direct, delayed, passedThrough)),
            BenchmarkResult(benchmark: "postgres",
                            workload: "uncached reads on PostgreSQL with 0.5 ms added round trip (proxy, 0.25 ms each way)",
                            peer: "the same without the proxy, same run", measure: "ours / peer req/s",
                            value: farther.load.rps / onPostgres.load.rps, goal: .atLeast(0.7),
                            note: rps(farther) + String(format: ", p99 %.2f ms, added round trip %.3f ms", farther.load.p99,
                                                             added)),
            BenchmarkResult(benchmark: "postgres", workload: "failed requests in the uncached reads and /healthz probes",
                            peer: "none", measure: "count", value: Double(failed.reduce(0, +)), goal: .atMost(0)),
        ]
    }

    /// `location` as a URL `serve --db` takes, password included.
    static func url(_ location: PostgresLocation) -> String {
        var components = URLComponents()
        components.scheme = "postgres"
        components.user = location.username
        components.password = location.password
        components.host = location.host
        components.port = location.port
        components.path = "/" + location.database
        if let searchPath = location.searchPath { components.queryItems = [URLQueryItem(name: "search_path", value: searchPath)] }
        return components.string ?? location.description
    }
}
