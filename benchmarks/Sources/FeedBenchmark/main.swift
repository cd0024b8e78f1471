import BenchmarkReport
import FeedModel
@_spi(SQLiteAccess) import FeedStore
import Foundation
import GRDB
import PhotoFeed

// FeedBenchmark --root DIR --work DIR [--photos N]   (run through `bin/bench feed`)
// Seeds N generated photos (20,000 unless told), then measures:
//  - a cold feed page of 20 at 375 pt @2x (cells built, measured in parallel, stored),
//  - a warm page of 20 (every layout a cache hit, fresh controller),
//  - relayout of every photo after its likes change, at two cached widths, in batches of 500,
//    on one core and on all cores: completions (photos) per second and µs per relayout.
//  The content changes (every photo's likes) go through a connection of the benchmark's own.
let options = BenchmarkOptions(switches: [], valued: ["--root", "--work", "--photos"],
                               usage: "FeedBenchmark --root DIR --work DIR [--photos N]")
let root = options.url("--root", default: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
let work = options.url("--work", default: FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-bench-feed"))
let photos = options.int("--photos", default: 20_000)
try? FileManager.default.removeItem(at: work)
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)

let databasePath = work.appendingPathComponent("feed.sqlite").path
let store = try FeedStore(path: databasePath,
                          migrationsDirectory: root.appendingPathComponent("Migrations"),
                          clock: .fixed(Date(timeIntervalSince1970: 1_750_000_000)))
try store.seedGenerated(count: photos, rngSeed: 7, seedDataDirectory: root.appendingPathComponent("seed-data"))

func microseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = ContinuousClock.now
    try body()
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

// Cold and warm pages, walking the feed.
var cold: [Double] = [], warm: [Double] = []
var cursor: FeedCursor?
var cursors: [FeedCursor?] = []
let coldController = try FeedController(store: store)
for _ in 0..<50 {
    cursors.append(cursor)
    var next: FeedCursor?
    cold.append(try microseconds { next = try coldController.page(width: 375, scale: 2, limit: 20, after: cursor).next })
    cursor = next
}
let warmController = try FeedController(store: store)
for cursor in cursors {
    warm.append(try microseconds { _ = try warmController.page(width: 375, scale: 2, limit: 20, after: cursor) })
}
print("feed page of 20, 375 pt @2x: cold (computed + stored) p50 \(Int(median(cold))) µs, "
      + "warm (cache hits) p50 \(Int(median(warm))) µs")
var results = [BenchmarkResult(benchmark: "feed", workload: "feed page of 20, 375 pt @2x, from the layout cache",
                               peer: "the same page computed and stored", measure: "peer / ours p50 µs",
                               value: median(cold) / median(warm), goal: .atLeast(1))]

// Relayout throughput: every photo cached at 375 @2x and 320 @3x, then every photo's likes change.
let connection = try DatabaseQueue(path: databasePath)
let ids: [Int64] = try connection.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM photo ORDER BY id") }
let precompute = try FeedController(store: store)
for width in [375.0, 320.0] {
    var after: FeedCursor?
    repeat {
        after = try precompute.page(width: width, scale: width == 375 ? 2 : 3, limit: 500, after: after).next
    } while after != nil
}
var relayoutMicroseconds: [Int: Double] = [:]
for width in [1, ProcessInfo.processInfo.activeProcessorCount] {
    try connection.write { db in try db.execute(sql: "UPDATE photo SET likes = likes + 1, content_version = content_version + 1") }
    let controller = try FeedController(store: store, parallelism: width)
    var relayouts = 0
    let total = try microseconds {
        for start in stride(from: 0, to: ids.count, by: 500) {
            relayouts += try controller.relayout(photoIDs: Array(ids[start ..< min(start + 500, ids.count)])).relayouts
        }
    }
    print("relayout on \(width) thread(s): \(ids.count) photos, \(relayouts) layouts in \(Int(total / 1000)) ms: "
          + "\(Int(Double(ids.count) / total * 1e6)) completions/s, "
          + String(format: "%.1f µs per relayout (cold cells)", total / Double(relayouts)))
    relayoutMicroseconds[width] = total
}
let cores = ProcessInfo.processInfo.activeProcessorCount
if cores > 1, let one = relayoutMicroseconds[1], let all = relayoutMicroseconds[cores] {
    results.append(BenchmarkResult(benchmark: "feed", workload: "relayout of \(ids.count) photos after a likes change, cold cells",
                                   peer: "1 thread", measure: "1-thread / \(cores)-thread time", value: one / all,
                                   goal: .atLeast(1)))
}

// Warm cells: a controller whose cell cache holds every photo relayouts twice; the second pass
// (another likes change) finds every cell and every unchanged text measured already.
let warmCells = try FeedController(store: store, cellCapacity: ids.count + 1)
var passMicroseconds: [Double] = []
for pass in 1...2 {
    try connection.write { db in try db.execute(sql: "UPDATE photo SET likes = likes + 1, content_version = content_version + 1") }
    var relayouts = 0
    let total = try microseconds {
        for start in stride(from: 0, to: ids.count, by: 500) {
            relayouts += try warmCells.relayout(photoIDs: Array(ids[start ..< min(start + 500, ids.count)])).relayouts
        }
    }
    print("relayout, cell cache holding every photo, pass \(pass): \(Int(Double(ids.count) / total * 1e6)) "
          + "completions/s, " + String(format: "%.1f µs per relayout", total / Double(relayouts)))
    passMicroseconds.append(total)
}
results.append(BenchmarkResult(benchmark: "feed", workload: "relayout of \(ids.count) photos, every cell cached",
                               peer: "the first pass (cells built)", measure: "peer / ours time",
                               value: passMicroseconds[0] / passMicroseconds[1], goal: .atLeast(1)))
ResultTable.print(results)
try? FileManager.default.removeItem(at: work)
