import FeedModel
import Foundation
import GRDB

/// The persistent layout cache: identical cells share one layout.
///
/// `cell_layout` holds one layout (size and frames) per (layout-input fingerprint, cell kind,
/// size range, scale); `layout_cache` holds one link per (photo, cell kind, size range, scale)
/// naming the fingerprint and engine version the photo's layout was computed or confirmed for,
/// with its content version and size. A photo's layout is served only while its link's
/// fingerprint and engine version match the request, from the shared row of that fingerprint:
/// photos whose cells have the same inputs store their frames once.
extension FeedStore {
    /// A page lookup of one photo: its link (one primary-key descent), then the shared layout of
    /// the link's fingerprint (another).
    static let layoutLookupSQL = """
        SELECT lc.fingerprint, lc.engine_version, lc.width, lc.height, cl.frames
        FROM layout_cache lc
        JOIN cell_layout cl ON cl.fingerprint = lc.fingerprint AND cl.cell_kind = lc.cell_kind
            AND cl.min_width = lc.min_width AND cl.min_height = lc.min_height AND cl.max_width = lc.max_width
            AND cl.max_height = lc.max_height AND cl.scale = lc.scale
        WHERE lc.photo_id = ? AND lc.cell_kind = ? AND lc.min_width = ? AND lc.min_height = ?
          AND lc.max_width = ? AND lc.max_height = ? AND lc.scale = ?
        """

    /// Stores a shared layout, replacing what the same (fingerprint, cell kind, size range,
    /// scale) held: the same layout, unless that row was damaged (a lookup missed it, and this
    /// stores it again). Parameters as ``writeLayouts``'.
    static let putSharedLayoutSQL = insertSharedLayoutSQL + """
         DO UPDATE SET engine_version = excluded.engine_version, width = excluded.width,
            height = excluded.height, frames = excluded.frames, computed_at = excluded.computed_at
        """

    /// Stores a shared layout unless its (fingerprint, cell kind, size range, scale) holds one:
    /// the relayout's write, which leaves an existing row's pages untouched.
    static let addSharedLayoutSQL = insertSharedLayoutSQL + " DO NOTHING"

    private static let insertSharedLayoutSQL = """
        INSERT INTO cell_layout (fingerprint, cell_kind, min_width, min_height, max_width, max_height, scale,
                                 engine_version, width, height, frames, computed_at)
        VALUES (?14, ?2, ?3, ?4, ?5, ?6, ?7, ?9, ?10, ?11, ?12, ?13)
        ON CONFLICT (fingerprint, cell_kind, min_width, min_height, max_width, max_height, scale)
        """

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
        let slot = LayoutSlot(cellKind: first.cellKind, sizeRange: first.sizeRange, scale: first.scale)
        let wanted = Dictionary(keys.map { ($0.photoID, $0) }, uniquingKeysWith: { $1 })
        let stored = try writer.read { db in try Self.storedLayouts(db, photoIDs: Array(wanted.keys), slot: slot) }
        var hits: [Int64: CachedLayout] = [:]
        for (photoID, row) in stored where wanted[photoID].map(row.isCurrent(for:)) == true {
            hits[photoID] = row.layout
        }
        if countAccess { layoutCacheCounts.add(hits: hits.count, misses: wanted.count - hits.count) }
        return hits
    }

    /// The cached layout of each of `photoIDs` at `slot`, whatever its fingerprint and engine
    /// version (one primary-key descent each, then one into the shared layouts); a photo without
    /// one, or whose frames are damaged (``CachedLayout/isPlausible``), is absent.
    static func storedLayouts(_ db: Database, photoIDs: [Int64], slot: LayoutSlot) throws -> [Int64: StoredLayout] {
        let statement = try RawStatement(db, sql: Self.layoutLookupSQL)
        let range = slot.sizeRange
        var layouts: [Int64: StoredLayout] = [:]
        for photoID in photoIDs {
            let row = try statement.firstRow(photoID, slot.cellKind, range.minWidth, range.minHeight,
                                             range.maxWidth, range.maxHeight, slot.scale) { () -> StoredLayout? in
                guard let frames = LayoutBlob.decode(statement.data(at: 4)) else { return nil }
                let layout = CachedLayout(width: statement.double(at: 2), height: statement.double(at: 3), frames: frames)
                // A damaged row is a miss, stored again.
                return layout.isPlausible
                    ? StoredLayout(fingerprint: [UInt8](statement.data(at: 0)), engineVersion: Int(statement.int64(at: 1)),
                                   layout: layout)
                    : nil
            }
            if let row = row ?? nil { layouts[photoID] = row }
        }
        return layouts
    }

    /// The layout for one key, or nil (a miss). Counts like `cachedLayouts(for:)`.
    public func cachedLayout(for key: LayoutCacheKey, countAccess: Bool = true) throws -> CachedLayout? {
        try cachedLayouts(for: [key], countAccess: countAccess)[key.photoID]
    }

    /// Stores layouts, replacing whatever the same (photo, cell kind, size range, scale) linked
    /// to, and the shared layout of each fingerprint. One transaction for the batch.
    public func putLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)]) throws {
        _ = try writeLayouts(entries, linkSQL: Self.putLinkSQL, sharedSQL: Self.putSharedLayoutSQL)
    }

    /// A page's link write: an upsert of the (photo, cell kind, size range, scale) link.
    /// Parameters as ``writeLayouts``'.
    static let putLinkSQL = """
        INSERT INTO layout_cache (photo_id, cell_kind, min_width, min_height, max_width, max_height, scale,
                                  content_version, engine_version, width, height, computed_at, fingerprint)
        VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?13, ?14)
        ON CONFLICT (photo_id, cell_kind, min_width, min_height, max_width, max_height, scale) DO UPDATE SET
            content_version = excluded.content_version, engine_version = excluded.engine_version,
            width = excluded.width, height = excluded.height, computed_at = excluded.computed_at,
            fingerprint = excluded.fingerprint
        """

    /// Replaces the layouts of links that exist, in one transaction, and returns how many it
    /// replaced: the sync daemon's relayout rewrites the links it read (and stores the shared
    /// layout of each new fingerprint), and a link deleted since (its photo gone) stays deleted.
    /// A plain UPDATE by primary key: an upsert first tries the insert, which costs an extra
    /// B-tree descent and conflict check per row.
    @discardableResult
    public func replaceLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)]) throws -> Int {
        try writeLayouts(entries, linkSQL: Self.replaceLinkSQL, sharedSQL: Self.addSharedLayoutSQL)
    }

    /// Replaces the layouts of links that exist (as ``replaceLayouts(_:)``) and confirms rows
    /// whose inputs did not change (as ``confirmLayouts(_:)``), in one transaction: a relayout
    /// pass's writes, committed once. Returns how many rows each changed.
    @discardableResult
    public func replaceAndConfirmLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)],
                                         confirming keys: [LayoutCacheKey]) throws -> (replaced: Int, confirmed: Int) {
        guard !entries.isEmpty || !keys.isEmpty else { return (0, 0) }
        let now = clock.nowMilliseconds
        return try writer.write { db in
            let replaced = entries.isEmpty ? 0 : try Self.writeLayouts(entries, linkSQL: Self.replaceLinkSQL,
                                                                       sharedSQL: Self.addSharedLayoutSQL, now: now,
                                                                       counts: layoutCacheCounts, db: db)
            return (replaced, try Self.confirmLayouts(keys, db: db))
        }
    }

    /// A relayout's link write: a plain UPDATE by primary key (an upsert first tries the insert,
    /// which costs an extra B-tree descent and conflict check per row). Parameters as
    /// ``writeLayouts``'.
    static let replaceLinkSQL = """
        UPDATE layout_cache SET content_version = ?8, engine_version = ?9, width = ?10, height = ?11,
                                computed_at = ?13, fingerprint = ?14
        WHERE photo_id = ?1 AND cell_kind = ?2 AND min_width = ?3 AND min_height = ?4
          AND max_width = ?5 AND max_height = ?6 AND scale = ?7
        """

    /// Runs `linkSQL` once per entry in one transaction, then, where it changed a link, stores
    /// the shared layout with `sharedSQL`; returns the links changed. Parameters 1–7 are
    /// bound to the key (photo, cell kind, size range, scale) and 8–14 to the row (content and
    /// engine versions, size, frames, now, fingerprint). The hits and misses counted since the
    /// last write are written in the same transaction.
    private func writeLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)], linkSQL: String,
                              sharedSQL: String) throws -> Int {
        let now = clock.nowMilliseconds
        let counts = layoutCacheCounts
        return try writer.write { db in
            try Self.writeLayouts(entries, linkSQL: linkSQL, sharedSQL: sharedSQL, now: now, counts: counts, db: db)
        }
    }

    /// ``writeLayouts(_:linkSQL:sharedSQL:)`` inside the caller's transaction.
    static func writeLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)], linkSQL: String,
                             sharedSQL: String, now: Int64, counts: LayoutCacheCounts, db: Database) throws -> Int {
        try LayoutCacheCounts.write(counts.take(), db)
        let link = try RawStatement(db, sql: linkSQL)
        let shared = try RawStatement(db, sql: sharedSQL)
        var changed = 0
        for (key, layout) in entries {
            let range = key.sizeRange
            let frames = LayoutBlob.encode(layout.frames), fingerprint = Data(key.fingerprint)
            let linked = try link.execute(key.photoID, key.cellKind, range.minWidth, range.minHeight,
                                          range.maxWidth, range.maxHeight, key.scale, key.contentVersion,
                                          key.engineVersion, layout.width, layout.height, frames, now,
                                          fingerprint)
            guard linked > 0 else { continue }
            changed += linked
            _ = try shared.execute(key.photoID, key.cellKind, range.minWidth, range.minHeight, range.maxWidth,
                                   range.maxHeight, key.scale, key.contentVersion, key.engineVersion,
                                   layout.width, layout.height, frames, now, fingerprint)
        }
        return changed
    }

    /// Marks rows whose layout inputs did not change as current for a newer content version of
    /// their photo, without writing a layout: only `content_version` changes, and only where the
    /// row still holds `key`'s fingerprint and engine version. Returns the rows changed.
    @discardableResult
    public func confirmLayouts(_ keys: [LayoutCacheKey]) throws -> Int {
        guard !keys.isEmpty else { return 0 }
        return try writer.write { db in try Self.confirmLayouts(keys, db: db) }
    }

    /// ``confirmLayouts(_:)`` inside the caller's transaction.
    private static func confirmLayouts(_ keys: [LayoutCacheKey], db: Database) throws -> Int {
        guard !keys.isEmpty else { return 0 }
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
        return try writer.read { db in try Self.layoutCacheReport(db, engineVersion: engineVersion, unwritten: unwritten) }
    }

    static func layoutCacheReport(_ db: Database, engineVersion: Int,
                                  unwritten: LayoutCacheCounts.Pending) throws -> LayoutCacheReport {
        let totals = try Row.fetchOne(db, sql: """
            SELECT COUNT(*) AS entries,
                   COALESCE(SUM(lc.engine_version != ? OR lc.content_version != p.content_version), 0) AS stale
            FROM layout_cache lc JOIN photo p ON p.id = lc.photo_id
            """, arguments: [engineVersion])
        let counters = try Row.fetchOne(db, sql: "SELECT hits, misses FROM layout_cache_stat WHERE id = 1")
        let stored = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM cell_layout") ?? 0
        let ranges = try Row.fetchAll(db, sql: """
            SELECT min_width, min_height, max_width, max_height, scale, COUNT(*) AS entries FROM layout_cache
            GROUP BY min_width, min_height, max_width, max_height, scale
            ORDER BY min_width, min_height, max_width, max_height, scale
            """).map { row in
            LayoutCacheReport.SizeRangeEntry(
                range: CacheSizeRange(row: row), scale: row["scale"], entries: row["entries"])
        }
        return LayoutCacheReport(entries: totals?["entries"] ?? 0, stale: totals?["stale"] ?? 0, storedLayouts: stored,
                                 hits: (counters?["hits"] ?? 0) + unwritten.hits,
                                 misses: (counters?["misses"] ?? 0) + unwritten.misses,
                                 engineVersion: engineVersion, sizeRanges: ranges)
    }
}

extension CacheSizeRange {
    /// The range of a `layout_cache` row, read by column name.
    init(row: Row) {
        self.init(minWidth: row["min_width"], minHeight: row["min_height"], maxWidth: row["max_width"],
                  maxHeight: row["max_height"])
    }
}
