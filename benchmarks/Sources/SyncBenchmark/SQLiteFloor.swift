import FeedModel
@_spi(SQLiteAccess) import FeedStore
import Foundation
import GRDB
import PhotoFeed

/// The least SQLite work the contract asks of an image completion, timed alone: the writes the
/// daemon's commit makes for it (the job done, the photo's image state and content version, the
/// version read back), and, measured separately, rewriting the photo's cached layouts.
///
/// No simulation, no reverse geocoding, no reading of relayout inputs, no layout: only the
/// statements, through SQLite's C API (``RawStatement``) and the store's own layout write
/// (``FeedStore/replaceLayouts(_:)``), in transactions of `batchSize` completions as the daemon
/// commits them, all on the store's writer connection (checkpointed as the daemon's is). Every
/// write goes through SQLite's one writer, so `1 / floor` bounds the completions per second of
/// any daemon on this store, whatever the cores.
struct SQLiteFloor {
    /// Seconds per image completion for the job and photo writes alone.
    var jobWrites: Double
    /// Seconds per image completion for rewriting its cached layouts alone.
    var layoutWrites: Double
    var completions: Int
    var layoutsPerCompletion: Double

    var total: Double { jobWrites + layoutWrites }

    /// Measures on `path` (a seeded store with cached layouts, consumed: its image jobs end done).
    static func measure(_ path: String, batchSize: Int) throws -> SQLiteFloor {
        let store = try FeedStore(path: path, migrationsDirectory: migrations, clock: storeClock)
        let jobs = try store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT id, target_id FROM sync_job WHERE kind = 'image' AND state = 'pending' ORDER BY id")
                .map { (job: $0[0] as Int64, photo: $0[1] as Int64) }
        }
        let layouts = try cachedLayouts(store, photoIDs: jobs.map(\.photo))
        var jobSeconds = 0.0, layoutSeconds = 0.0, layoutCount = 0
        for first in stride(from: 0, to: jobs.count, by: batchSize) {
            let batch = jobs[first ..< min(first + batchSize, jobs.count)]
            var began = ContinuousClock.now
            let versions = try store.writer.write { db in try completeImages(batch, db: db) }
            jobSeconds += seconds(since: began)
            // The layouts come back with the new content versions: the rows change as a relayout's do.
            let rewritten = batch.flatMap { job in
                (layouts[job.photo] ?? []).map { entry in
                    var key = entry.key
                    key.contentVersion = versions[job.photo] ?? key.contentVersion
                    return (key: key, layout: entry.layout)
                }
            }
            began = ContinuousClock.now
            layoutCount += try store.replaceLayouts(rewritten)
            layoutSeconds += seconds(since: began)
        }
        try store.close()
        let count = max(1, jobs.count)
        return SQLiteFloor(jobWrites: jobSeconds / Double(count), layoutWrites: layoutSeconds / Double(count),
                           completions: jobs.count, layoutsPerCompletion: Double(layoutCount) / Double(count))
    }

    /// The image successes' writes, as the daemon's commit makes them for attempts started and
    /// finished within the batch (their start elided: the job is still `pending`); returns each
    /// photo's new content version. The SQL is `SyncStatements`' (FeedSync, internal): keep the
    /// two the same.
    private static func completeImages(_ batch: ArraySlice<(job: Int64, photo: Int64)>, db: Database) throws -> [Int64: Int64] {
        let markDone = try RawStatement(db, sql: """
            UPDATE sync_job SET state = 'done', attempts = ?, result = ? WHERE id = ? AND state = ?
            """)
        let setImageState = try RawStatement(db, sql: """
            UPDATE photo SET image_state = ?1, content_version = content_version + 1 WHERE id = ?2 AND image_state != ?1
            """)
        let photoVersion = try RawStatement(db, sql: "SELECT content_version FROM photo WHERE id = ?")
        var versions: [Int64: Int64] = [:]
        for (job, photo) in batch {
            guard try markDone.execute(1, "loaded", job, "pending") == 1,
                  try setImageState.execute("loaded", photo) == 1 else { throw FloorError.unexpectedState(job: job) }
            versions[photo] = try photoVersion.firstRow(photo, read: { photoVersion.int64(at: 0) })
        }
        return versions
    }

    /// Every cached layout of `photoIDs`, by photo, read before any timing.
    private static func cachedLayouts(_ store: FeedStore,
                                      photoIDs: [Int64]) throws -> [Int64: [(key: LayoutCacheKey, layout: CachedLayout)]] {
        let entries = try store.cachedLayoutEntries(photoIDs: photoIDs, cellKind: FeedController.cellKind)
        var layouts: [Int64: [(key: LayoutCacheKey, layout: CachedLayout)]] = [:]
        for (_, group) in Dictionary(grouping: entries, by: { RangeAndScale(range: $0.sizeRange, scale: $0.scale) }) {
            let keys = group.map { entry in
                LayoutCacheKey(cellKind: FeedController.cellKind, photoID: entry.photoID,
                               contentVersion: entry.contentVersion, sizeRange: entry.sizeRange, scale: entry.scale,
                               engineVersion: entry.engineVersion, fingerprint: entry.fingerprint)
            }
            let found = try store.cachedLayouts(for: keys, countAccess: false)
            for key in keys {
                guard let layout = found[key.photoID] else { continue }
                layouts[key.photoID, default: []].append((key, layout))
            }
        }
        return layouts
    }

    /// The time since `start` in seconds. (Synchronous: in an async context, as the benchmark's
    /// `seconds` helper is, GRDB's reads and writes would take their async forms.)
    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    private struct RangeAndScale: Hashable {
        var range: CacheSizeRange
        var scale: Double
    }

    enum FloorError: Error {
        /// A job or its photo was not in the state a fresh seed leaves it in.
        case unexpectedState(job: Int64)
    }
}
