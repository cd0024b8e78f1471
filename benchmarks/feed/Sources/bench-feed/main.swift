@_spi(SQLiteAccess) import FeedStore
import Foundation
import GRDB
import PhotoFeed

// bench-feed ROOT WORKDIR PHOTOS
// Seeds PHOTOS generated photos, then measures:
//  - a cold feed page of 20 at 375 pt @2x (cells built, measured in parallel, stored),
//  - a warm page of 20 (every layout a cache hit, fresh controller),
//  - relayout of every photo after its likes change, at two cached widths, in batches of 500,
//    on one core and on all cores: completions (photos) per second and µs per relayout.
let arguments = CommandLine.arguments
let root = URL(fileURLWithPath: arguments[1])
let work = URL(fileURLWithPath: arguments[2])
let photos = Int(arguments[3]) ?? 20_000
try? FileManager.default.removeItem(at: work)
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)

let store = try FeedStore(path: work.appendingPathComponent("feed.sqlite").path,
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

// Relayout throughput: every photo cached at 375 @2x and 320 @3x, then every photo's likes change.
let ids: [Int64] = try store.writer.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM photo ORDER BY id") }
let precompute = try FeedController(store: store)
for width in [375.0, 320.0] {
    var after: FeedCursor?
    repeat {
        after = try precompute.page(width: width, scale: width == 375 ? 2 : 3, limit: 500, after: after).next
    } while after != nil
}
for width in [1, ProcessInfo.processInfo.activeProcessorCount] {
    try store.writer.write { db in try db.execute(sql: "UPDATE photo SET likes = likes + 1, content_version = content_version + 1") }
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
}

// Warm cells: a controller whose cell cache holds every photo relayouts twice; the second pass
// (another likes change) finds every cell and every unchanged text measured already.
let warmCells = try FeedController(store: store, cellCapacity: ids.count + 1)
for pass in 1...2 {
    try store.writer.write { db in try db.execute(sql: "UPDATE photo SET likes = likes + 1, content_version = content_version + 1") }
    var relayouts = 0
    let total = try microseconds {
        for start in stride(from: 0, to: ids.count, by: 500) {
            relayouts += try warmCells.relayout(photoIDs: Array(ids[start ..< min(start + 500, ids.count)])).relayouts
        }
    }
    print("relayout, cell cache holding every photo, pass \(pass): \(Int(Double(ids.count) / total * 1e6)) "
          + "completions/s, " + String(format: "%.1f µs per relayout", total / Double(relayouts)))
}
