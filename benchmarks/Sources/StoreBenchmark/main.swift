import BenchmarkReport
import FeedStore
import Foundation

// StoreBenchmark --root DIR --work DIR [--photos N]   (run through `bin/bench store`)
// Seeds N photos (1,000,000 unless told) with FeedStore and imports the same rows with sqlite3's
// .import into the same schema, then times feed pages with cached layouts. Prints µs figures for
// ours and sqlite3 in the same run, and the ratios.
let options = BenchmarkOptions(switches: [], valued: ["--root", "--work", "--photos"],
                               usage: "StoreBenchmark --root DIR --work DIR [--photos N]")
let root = options.url("--root", default: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
let work = options.url("--work", default: FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-bench-store"))
let photoCount = options.int("--photos", default: 1_000_000)
let migrations = root.appendingPathComponent("Migrations")
let seedData = root.appendingPathComponent("seed-data")
let clock = StoreClock.fixed(Date(timeIntervalSince1970: 1_750_000_000))

func seconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

@discardableResult
func shell(_ command: String) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fatalError("failed: \(command)") }
    return process.terminationStatus
}

func percentile(_ sorted: [Double], _ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }

try? FileManager.default.removeItem(at: work)
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
let ours = work.appendingPathComponent("ours.sqlite").path
let peer = work.appendingPathComponent("peer.sqlite").path

// 1. Generate and seed N photos (one transaction, upserts, sync jobs, cities).
let store = try FeedStore(path: ours, migrationsDirectory: migrations, clock: clock)
var counts: SeedCounts!
let seedTime = try seconds { counts = try store.seedGenerated(count: photoCount, rngSeed: 1, seedDataDirectory: seedData) }
print("seed \(photoCount) photos: \(counts!)")

// 2. The same rows as CSV, imported by sqlite3 into the same schema (migrations applied).
let tables = ["city", "user", "location", "photo", "comment", "sync_job"]
for table in tables {
    try shell("sqlite3 -csv \(ours) 'SELECT * FROM \(table)' > \(work.path)/\(table).csv")
}
let schema = try FileManager.default.contentsOfDirectory(atPath: migrations.path).filter { $0.hasSuffix(".sql") }.sorted()
    .map { migrations.appendingPathComponent($0).path }
try shell("cat \(schema.joined(separator: " ")) | sqlite3 \(peer) && sqlite3 \(peer) 'PRAGMA journal_mode=WAL' >/dev/null")
// sqlite3's defaults: foreign keys off (CSV has no NULL: an empty location_id would fail the
// check), one transaction, WAL with NORMAL sync like ours.
var script = "PRAGMA synchronous=NORMAL;\nBEGIN;\n"
for table in tables { script += ".import --csv \(work.path)/\(table).csv \(table)\n" }
script += "COMMIT;\n"
try script.write(toFile: work.appendingPathComponent("import.sql").path, atomically: true, encoding: .utf8)
let importTime = try seconds { try shell("sqlite3 \(peer) < \(work.path)/import.sql") }
let peerPhotos = try shell("test \"$(sqlite3 \(peer) 'SELECT COUNT(*) FROM photo')\" = \(counts.photos)")
_ = peerPhotos
print(String(format: "seed: ours %.0f µs, sqlite3 .import %.0f µs, ratio (import/ours) %.2f (goal >= 1.0)",
             seedTime * 1e6, importTime * 1e6, importTime / seedTime))

// 3. Cached layouts for the newest pages (a 12-frame cell per photo, as the photo cell has).
let pages = 500
var cursors: [FeedCursor?] = [nil]
var keysByPage: [[LayoutCacheKey]] = []
let frames = (0..<12).map { CachedFrame(id: "node\($0)", x: 8, y: Double($0) * 20, width: 359, height: 18) }
for _ in 0..<pages {
    let page = try store.feedPage(after: cursors.last!, limit: 20)
    let keys = page.items.map {
        LayoutCacheKey(cellKind: "photo", photoID: $0.photo.id, contentVersion: $0.photo.contentVersion,
                       sizeRange: .width(375), scale: 2, engineVersion: 1)
    }
    keysByPage.append(keys)
    try store.putLayouts(keys.map { ($0, CachedLayout(width: 375, height: 520, frames: frames)) })
    cursors.append(page.next)
}
cursors.removeLast()

func measure(_ iterations: Int, _ body: (Int) throws -> Void) rethrows -> (p50: Double, p99: Double) {
    var samples: [Double] = []
    samples.reserveCapacity(iterations)
    for index in 0..<iterations {
        let start = DispatchTime.now().uptimeNanoseconds
        try body(index)
        samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3)
    }
    samples.sort()
    return (percentile(samples, 0.5), percentile(samples, 0.99))
}

var random = SplitMix64(seed: 7)
let order = (0..<4000).map { _ in random.int(in: 0...(pages - 1)) }
_ = try measure(200) { _ = try store.feedPage(after: cursors[order[$0]], limit: 20) }  // warm-up
let feedOnly = try measure(4000) { _ = try store.feedPage(after: cursors[order[$0]], limit: 20) }
let feedWithLayouts = try measure(4000) { index in
    let page = try store.feedPage(after: cursors[order[index]], limit: 20)
    let keys = page.items.map {
        LayoutCacheKey(cellKind: "photo", photoID: $0.photo.id, contentVersion: $0.photo.contentVersion,
                       sizeRange: .width(375), scale: 2, engineVersion: 1)
    }
    let layouts = try store.cachedLayouts(for: keys)
    precondition(layouts.count == 20)
}
let pageLayouts = try measure(4000) { _ = try store.cachedLayouts(for: keysByPage[order[$0]]) }
let pageLayoutsUncounted = try measure(4000) { _ = try store.cachedLayouts(for: keysByPage[order[$0]], countAccess: false) }
let single = try measure(4000) { _ = try store.cachedLayout(for: keysByPage[order[$0]][$0 % 20]) }
let singleUncounted = try measure(4000) {
    _ = try store.cachedLayout(for: keysByPage[order[$0]][$0 % 20], countAccess: false)
}
func line(_ name: String, _ figures: (p50: Double, p99: Double)) {
    print(String(format: "%@: p50 %.1f µs, p99 %.1f µs", name, figures.p50, figures.p99))
}
line("feed page of 20 (query only)", feedOnly)
line("feed page of 20 + cached layouts (goal p50 <= 500, p99 <= 2000)", feedWithLayouts)
line("cached layouts of a page (one query, counted)", pageLayouts)
line("cached layouts of a page (one query, not counted)", pageLayoutsUncounted)
line("one cached layout (counted)", single)
line("one cached layout (not counted)", singleUncounted)
ResultTable.print([
    BenchmarkResult(benchmark: "store", workload: "seeding \(photoCount) photos", peer: "sqlite3 .import of the same rows",
                    measure: "peer / ours time", value: importTime / seedTime, goal: .atLeast(1)),
    BenchmarkResult(benchmark: "store", workload: "feed page of 20 + cached layouts, p50", peer: "none",
                    measure: "µs", value: feedWithLayouts.p50, goal: .atMost(500)),
    BenchmarkResult(benchmark: "store", workload: "feed page of 20 + cached layouts, p99", peer: "none",
                    measure: "µs", value: feedWithLayouts.p99, goal: .atMost(2000)),
])
try? FileManager.default.removeItem(at: work)
