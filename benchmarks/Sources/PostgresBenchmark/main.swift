import BenchmarkFeed
import BenchmarkHTTP
import BenchmarkReport
import FeedModel
@_spi(SQLiteAccess) import FeedStore
import FeedStore
import FeedStorePostgres
import Foundation
import GRDB
import PhotoFeed

// PostgresBenchmark --root DIR --work DIR --url postgres://… [--photos N] [--seconds S] [--wrk PATH]
//   (run through `bin/bench postgres`, which installs wrk)
// On one generated set of N photos (100,000 unless told; `bin/bench` starts a throwaway cluster
// with bin/lib/postgres-cluster.sh and passes its URL):
// (a) seeding through the PostgreSQL store's COPY path against psql's \copy of the same rows
//     (SeedComparison), goal peer / ours ≥ 0.8;
// (b) a warm feed page of 20 (page, first comments, cached layouts: what `feed` reads) from
//     PostgreSQL, p50 goal ≤ 2 ms, beside the same reads from the SQLite store of the same rows
//     (WarmPages). Every photo's comments are marked loaded on both stores first, so each page
//     reads its first comments;
// (e) uncached reads: both stores served by `serve --no-response-cache` in a process of its own,
//     every photo's layout cached at 375 pt @3x, wrk 64 connections for S seconds (20 unless told)
//     asking random photos (GET /v1/photos/{id}, seeded): PostgreSQL ≥ 0.8 × SQLite's req/s,
//     p99 ≤ 20 ms on both; (f) GET /healthz every 10 ms meanwhile, p99 ≤ 5 ms on both; (g) (e) on
//     PostgreSQL through a delay proxy adding 0.5 ms of round trip, ≥ 0.7 × (e) on PostgreSQL
//     (UncachedReads);
// (h) the same warm pages through the service's seam, `pageRows` (one prepared statement: page,
//     first comments and layouts), p50 goal ≤ 1 ms, beside (b)'s three reads in the same run.
// Child mode (the served store of (e)–(g)): PostgresBenchmark --serve PATH|URL --root DIR.
let options = BenchmarkOptions(switches: [], valued: ["--root", "--work", "--url", "--photos", "--seconds", "--wrk",
                                                      "--serve"],
                               usage: "PostgresBenchmark --root DIR --work DIR --url postgres://… [--photos N] [--seconds S]")
let root = options.url("--root", default: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
setenv("PHOTOFEED_HOME", root.path, 1)
if let database = options.string("--serve") { ServerProcess.runChild(database: database) }
guard let url = options.string("--url") else {
    FileHandle.standardError.write(Data("PostgresBenchmark: --url postgres://… is required (bin/bench postgres starts a cluster)\n".utf8))
    exit(2)
}
let photos = options.int("--photos", default: 100_000)
let work = options.url("--work", default: FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-bench-postgres"))
try? FileManager.default.removeItem(at: work)
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
let psql = Psql(url: url)
let base = try PostgresLocation(url: url)
let (ours, peer) = ("bench_ours", "bench_peer")

// (a) Seeding.
let seeding = try SeedComparison(psql: psql, base: base, root: root, work: work).run(photos: photos, ours: ours, peer: peer)
let postgres = seeding.store

// (b) Warm pages: the same rows in SQLite, every comment feed loaded in both, the newest pages
// laid out on SQLite and their layouts stored in PostgreSQL too.
let sqlitePath = work.appendingPathComponent("feed.sqlite").path
let sqlite = try FeedStore(path: sqlitePath, clock: .fixed(Date(timeIntervalSince1970: 1_750_000_000)))
try sqlite.seedGenerated(count: photos, rngSeed: 1, seedDataDirectory: root.appendingPathComponent("seed-data"))
try sqlite.writer.write { db in try db.execute(sql: "UPDATE photo SET comments_loaded = 1") }
// Then each table's statistics and visibility map, as autovacuum leaves them after a while.
try psql.run(["UPDATE \(ours).photo SET comments_loaded = true"]
    + ["photo", "\"user\"", "location", "comment"].map { "VACUUM ANALYZE \(ours).\($0)" })
let pageCount = min(500, photos / 20 - 1)
let pages = try WarmPages(laidOutOn: sqlite, pages: pageCount)
try pages.copyLayouts(from: sqlite, to: postgres)
try psql.run(["VACUUM ANALYZE \(ours).layout_cache", "VACUUM ANALYZE \(ours).cell_layout"])
let onPostgres = try pages.measure(postgres)
let onSQLite = try pages.measure(sqlite)
print(String(format: "warm page of 20 (%d pages laid out): PostgreSQL p50 %.0f µs, p99 %.0f µs; SQLite p50 %.0f µs, p99 %.0f µs",
             pageCount, onPostgres.p50, onPostgres.p99, onSQLite.p50, onSQLite.p99))
let throughRows = try await pages.measureRows(postgres)
print(String(format: "warm page of 20 through pageRows (one statement): p50 %.0f µs, p99 %.0f µs; "
                 + "feedPage + firstComments + cachedLayouts: p50 %.0f µs, p99 %.0f µs; old / pageRows p50 %.2f",
             throughRows.p50, throughRows.p99, onPostgres.p50, onPostgres.p99, onPostgres.p50 / throughRows.p50))

// (e)–(g) Every photo laid out at 375 pt @3x in both stores, then served.
let bothStores: [(name: String, store: any FeedStoring)] = [("SQLite", sqlite), ("PostgreSQL", postgres)]
for (name, store) in bothStores {
    var layouts = 0
    let seconds = try Timing.seconds {
        layouts = try FeedController(store: store).precomputeLayouts(
            widths: [Double(UncachedReads.width)], scales: [Double(UncachedReads.scale)], paging: .bulk).layouts
    }
    print("\(name): \(layouts) layouts at \(UncachedReads.width) pt @\(UncachedReads.scale)x in \(String(format: "%.1f", seconds)) s")
}
try psql.run(["VACUUM ANALYZE \(ours).layout_cache", "VACUUM ANALYZE \(ours).cell_layout"])
let photoIDs = try sqlite.writer.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM photo ORDER BY id") }
var served = base
served.searchPath = ours
let uncached = try UncachedReads(
    root: root, wrk: Wrk(executable: options.string("--wrk") ?? "/usr/bin/wrk", seconds: options.int("--seconds", default: 20)),
    requests: RandomPhotoRequests(ids: photoIDs, width: UncachedReads.width, scale: UncachedReads.scale, seed: 20_261_128,
                                  directory: work),
    checkedIDs: [photoIDs.first!, photoIDs[photoIDs.count / 2], photoIDs.last!])
    .measure(sqlitePath: sqlitePath, postgres: served, photos: photos)

try psql.run(["DROP SCHEMA \(ours) CASCADE"])
try? FileManager.default.removeItem(at: work)

let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
print("\nload average at the end: \(load)")
ResultTable.print([
    BenchmarkResult(benchmark: "postgres", workload: "seeding \(photos) photos on PostgreSQL (COPY)",
                    peer: "psql \\copy of the same rows", measure: "peer / ours time",
                    value: seeding.peer / seeding.ours, goal: .atLeast(0.8),
                    note: String(format: "ours %.2f s, peer %.2f s", seeding.ours, seeding.peer)),
    BenchmarkResult(benchmark: "postgres", workload: "warm feed page of 20 + comments + layouts at \(photos), p50",
                    peer: "none", measure: "µs", value: onPostgres.p50, goal: .atMost(2000),
                    note: "load average \(load)"),
    BenchmarkResult(benchmark: "postgres", workload: "warm feed page of 20 + comments + layouts at \(photos), p99",
                    peer: "none", measure: "µs", value: onPostgres.p99, goal: nil),
    BenchmarkResult(benchmark: "postgres", workload: "warm feed page of 20 + comments + layouts at \(photos), p50",
                    peer: "the same reads on SQLite", measure: "ours / peer µs", value: onPostgres.p50 / onSQLite.p50,
                    goal: nil, note: String(format: "SQLite p50 %.0f µs, p99 %.0f µs", onSQLite.p50, onSQLite.p99)),
    BenchmarkResult(benchmark: "postgres", workload: "(h) warm page of 20 + comments + layouts through pageRows at \(photos), p50",
                    peer: "none", measure: "µs", value: throughRows.p50, goal: .atMost(1000),
                    note: String(format: "p99 %.0f µs", throughRows.p99)),
    BenchmarkResult(benchmark: "postgres", workload: "(h) warm page of 20 + comments + layouts at \(photos), p50",
                    peer: "feedPage + firstComments + cachedLayouts", measure: "peer / ours µs",
                    value: onPostgres.p50 / throughRows.p50, goal: nil),
] + uncached)
