import Foundation
import GRDB

/// The persistent layout cache: one row per (photo, cell kind, size range, scale), served only
/// while its layout-input fingerprint and engine version match the request.
extension FeedStore {
    /// Looks up the layouts of a page of photos (one primary-key descent each), in a read
    /// transaction: on a file database a WAL reader, which never waits for a writer. All `keys`
    /// must share cell kind, size range, scale and engine version (a page is laid out at one
    /// width). Returns the hits by photo id; a stale row (another fingerprint or engine version) or an
    /// implausible one (``CachedLayout/isPlausible``) is a miss. When `countAccess` is true the hits
    /// and misses are counted in memory (``LayoutCacheCounts``) and written with the store's next
    /// layout write.
    public func cachedLayouts(for keys: [LayoutCacheKey], countAccess: Bool = true) throws -> [Int64: CachedLayout] {
        guard let first = keys.first else { return [:] }
        precondition(keys.allSatisfy {
            $0.cellKind == first.cellKind && $0.sizeRange == first.sizeRange && $0.scale == first.scale
                && $0.engineVersion == first.engineVersion
        }, "a page lookup shares cell kind, size range, scale and engine version")
        let wanted = Dictionary(keys.map { ($0.photoID, Data($0.fingerprint)) }, uniquingKeysWith: { $1 })
        let range = first.sizeRange
        let lookup = { (db: Database) throws -> [Int64: CachedLayout] in
            let statement = try RawStatement(db, sql: """
                SELECT fingerprint, engine_version, width, height, frames FROM layout_cache
                WHERE photo_id = ? AND cell_kind = ? AND min_width = ? AND min_height = ?
                  AND max_width = ? AND max_height = ? AND scale = ?
                """)
            var hits: [Int64: CachedLayout] = [:]
            for (photoID, fingerprint) in wanted {
                let hit = try statement.firstRow(photoID, first.cellKind, range.minWidth, range.minHeight,
                                                 range.maxWidth, range.maxHeight, first.scale) { () -> CachedLayout? in
                    guard statement.data(at: 0) == fingerprint, statement.int64(at: 1) == first.engineVersion,
                          let frames = LayoutBlob.decode(statement.data(at: 4)) else { return nil }
                    let layout = CachedLayout(width: statement.double(at: 2), height: statement.double(at: 3),
                                              frames: frames)
                    return layout.isPlausible ? layout : nil  // a damaged row is a miss, stored again
                }
                if let hit = hit ?? nil { hits[photoID] = hit }
            }
            return hits
        }
        let hits = try writer.read(lookup)
        if countAccess { layoutCacheCounts.add(hits: hits.count, misses: wanted.count - hits.count) }
        return hits
    }

    /// The layout for one key, or nil (a miss). Counts like `cachedLayouts(for:)`.
    public func cachedLayout(for key: LayoutCacheKey, countAccess: Bool = true) throws -> CachedLayout? {
        try cachedLayouts(for: [key], countAccess: countAccess)[key.photoID]
    }

    /// Stores layouts, replacing whatever the same (photo, cell kind, size range, scale) held.
    /// One transaction for the batch.
    public func putLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)]) throws {
        _ = try writeLayouts(entries, sql: """
            INSERT INTO layout_cache (photo_id, cell_kind, min_width, min_height, max_width, max_height, scale,
                                      content_version, engine_version, width, height, frames, computed_at,
                                      fingerprint)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (photo_id, cell_kind, min_width, min_height, max_width, max_height, scale) DO UPDATE SET
                content_version = excluded.content_version, engine_version = excluded.engine_version,
                width = excluded.width, height = excluded.height, frames = excluded.frames,
                computed_at = excluded.computed_at, fingerprint = excluded.fingerprint
            """)
    }

    /// Replaces the layouts of rows that exist, in one transaction, and returns how many it
    /// replaced: the sync daemon's relayout rewrites the rows it read, and a row deleted since
    /// (its photo gone) stays deleted. A plain UPDATE by primary key: an upsert first tries the
    /// insert, which costs an extra B-tree descent and conflict check per row.
    @discardableResult
    public func replaceLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)]) throws -> Int {
        try writeLayouts(entries, sql: """
            UPDATE layout_cache SET content_version = ?8, engine_version = ?9, width = ?10, height = ?11,
                                    frames = ?12, computed_at = ?13, fingerprint = ?14
            WHERE photo_id = ?1 AND cell_kind = ?2 AND min_width = ?3 AND min_height = ?4
              AND max_width = ?5 AND max_height = ?6 AND scale = ?7
            """)
    }

    /// Runs `sql` once per entry in one transaction, its parameters 1–7 bound to the key (photo,
    /// cell kind, size range, scale) and 8–14 to the row (content and engine versions, size,
    /// frames, now, fingerprint); returns the rows changed. The hits and misses counted since the last write
    /// are written in the same transaction.
    private func writeLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)], sql: String) throws -> Int {
        let now = clock.nowMilliseconds
        return try writer.write { db in
            try LayoutCacheCounts.write(layoutCacheCounts.take(), db)
            let statement = try RawStatement(db, sql: sql)
            var changed = 0
            for (key, layout) in entries {
                let range = key.sizeRange
                changed += try statement.execute(key.photoID, key.cellKind, range.minWidth, range.minHeight,
                                                 range.maxWidth, range.maxHeight, key.scale, key.contentVersion,
                                                 key.engineVersion, layout.width, layout.height,
                                                 LayoutBlob.encode(layout.frames), now, Data(key.fingerprint))
            }
            return changed
        }
    }

    /// Marks rows whose layout inputs did not change as current for a newer content version of
    /// their photo, without writing a layout: only `content_version` changes, and only where the
    /// row still holds `key`'s fingerprint and engine version. Returns the rows changed.
    @discardableResult
    public func confirmLayouts(_ keys: [LayoutCacheKey]) throws -> Int {
        guard !keys.isEmpty else { return 0 }
        return try writer.write { db in
            let statement = try RawStatement(db, sql: """
                UPDATE layout_cache SET content_version = ?8
                WHERE photo_id = ?1 AND cell_kind = ?2 AND min_width = ?3 AND min_height = ?4
                  AND max_width = ?5 AND max_height = ?6 AND scale = ?7 AND engine_version = ?9 AND fingerprint = ?10
                """)
            var changed = 0
            for key in keys {
                let range = key.sizeRange
                changed += try statement.execute(key.photoID, key.cellKind, range.minWidth, range.minHeight,
                                                 range.maxWidth, range.maxHeight, key.scale, key.contentVersion,
                                                 key.engineVersion, Data(key.fingerprint))
            }
            return changed
        }
    }

    /// Stores one layout.
    public func putLayout(_ layout: CachedLayout, for key: LayoutCacheKey) throws {
        try putLayouts([(key, layout)])
    }

    /// The size ranges and scales cached for a photo's cells (what the sync daemon relayouts
    /// after a change), fresh or stale.
    public func cachedSizeRanges(photoID: Int64, cellKind: String) throws -> [(range: CacheSizeRange, scale: Double)] {
        try writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT min_width, min_height, max_width, max_height, scale FROM layout_cache
                WHERE photo_id = ? AND cell_kind = ? ORDER BY min_width, max_width, scale
                """, arguments: [photoID, cellKind]).map { row in
                (CacheSizeRange(row: row), row["scale"])
            }
        }
    }

    /// How many photos have cached rows for `cellKind`, fresh or stale (the cells the sync
    /// daemon relayouts).
    public func cachedPhotoCount(cellKind: String) throws -> Int {
        try writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT photo_id) FROM layout_cache WHERE cell_kind = ?",
                             arguments: [cellKind]) ?? 0
        }
    }

    /// What the cache holds, for `photofeed layouts report`: the hits and misses are the stored
    /// counters plus this store's counts not written yet.
    public func layoutCacheReport(engineVersion: Int) throws -> LayoutCacheReport {
        let unwritten = layoutCacheCounts.unwritten
        return try writer.read { db in
            let totals = try Row.fetchOne(db, sql: """
                SELECT COUNT(*) AS entries,
                       COALESCE(SUM(lc.engine_version != ? OR lc.content_version != p.content_version), 0) AS stale
                FROM layout_cache lc JOIN photo p ON p.id = lc.photo_id
                """, arguments: [engineVersion])
            let counters = try Row.fetchOne(db, sql: "SELECT hits, misses FROM layout_cache_stat WHERE id = 1")
            let ranges = try Row.fetchAll(db, sql: """
                SELECT min_width, min_height, max_width, max_height, scale, COUNT(*) AS entries FROM layout_cache
                GROUP BY min_width, min_height, max_width, max_height, scale
                ORDER BY min_width, min_height, max_width, max_height, scale
                """).map { row in
                LayoutCacheReport.SizeRangeEntry(
                    range: CacheSizeRange(row: row), scale: row["scale"], entries: row["entries"])
            }
            return LayoutCacheReport(entries: totals?["entries"] ?? 0, stale: totals?["stale"] ?? 0,
                                     hits: (counters?["hits"] ?? 0) + unwritten.hits,
                                     misses: (counters?["misses"] ?? 0) + unwritten.misses,
                                     engineVersion: engineVersion, sizeRanges: ranges)
        }
    }
}

extension CacheSizeRange {
    /// The range of a `layout_cache` row, read by column name.
    init(row: Row) {
        self.init(minWidth: row["min_width"], minHeight: row["min_height"], maxWidth: row["max_width"],
                  maxHeight: row["max_height"])
    }
}
