import FeedModel
import Foundation
import PostgresNIO

/// The persistent layout cache on PostgreSQL: the same tables and rules as the SQLite store's
/// (`LayoutCacheStoring`). Identical cells share one layout: `cell_layout` holds the size and
/// frames once per (layout-input fingerprint, cell kind, size range, scale), and `layout_cache`
/// holds each photo's link to it with the fingerprint and engine version it was computed or
/// confirmed for. A page lookup is one statement (the links by primary key, `photo_id = ANY($1)`,
/// joined to their shared layouts); writes are one statement in one transaction, which also adds
/// the hits and misses counted since the last write.
///
/// A write never replaces a link with one for an older content version: several sync workers
/// and servers write the same links, and a writer that read a photo before another's commit may
/// write after the other's newer layout. So the link always ends at the newest version any
/// writer laid out (a link older than its photo is stale and never served).
extension PostgresFeedStore: LayoutCacheStoring {
    /// A page's links joined to the shared layouts of their fingerprints.
    static let layoutLookupSQL = """
        SELECT lc.photo_id, lc.fingerprint, lc.engine_version, lc.width, lc.height, cl.frames
        FROM layout_cache lc
        JOIN cell_layout cl ON cl.fingerprint = lc.fingerprint AND cl.cell_kind = lc.cell_kind
            AND cl.min_width = lc.min_width AND cl.min_height = lc.min_height AND cl.max_width = lc.max_width
            AND cl.max_height = lc.max_height AND cl.scale = lc.scale
        WHERE lc.photo_id = ANY($1) AND lc.cell_kind = $2 AND lc.min_width = $3 AND lc.min_height = $4
          AND lc.max_width = $5 AND lc.max_height = $6 AND lc.scale = $7
        """

    public func cachedLayouts(for keys: [LayoutCacheKey], countAccess: Bool) throws -> [Int64: CachedLayout] {
        guard let first = keys.first else { return [:] }
        precondition(keys.allSatisfy {
            $0.cellKind == first.cellKind && $0.sizeRange == first.sizeRange && $0.scale == first.scale
                && $0.engineVersion == first.engineVersion
        }, "a page lookup shares cell kind, size range, scale and engine version")
        let wanted = Dictionary(keys.map { ($0.photoID, $0.fingerprint) }, uniquingKeysWith: { $1 })
        let range = first.sizeRange
        var binds = PostgresBindings(capacity: 7)
        binds.append(Array(wanted.keys))
        binds.append(first.cellKind)
        for bound in [range.minWidth, range.minHeight, range.maxWidth, range.maxHeight, first.scale] {
            binds.append(bound)
        }
        let rows = try blockingSession { session in
            try await session.query(PostgresQuery(unsafeSQL: Self.layoutLookupSQL, binds: binds)).rows
        }
        var hits: [Int64: CachedLayout] = [:]
        for row in rows {
            var reader = PostgresColumnReader(row)
            let photoID = try reader.int64("photo_id")
            guard try reader.bytes("fingerprint") == wanted[photoID],
                  try reader.int64("engine_version") == Int64(first.engineVersion) else {
                continue
            }
            let width = try reader.double("width"), height = try reader.double("height")
            guard let frames = LayoutBlob.decode(Data(try reader.bytes("frames"))) else { continue }
            let layout = CachedLayout(width: width, height: height, frames: frames)
            if layout.isPlausible { hits[photoID] = layout }  // a damaged row is a miss, stored again
        }
        if countAccess { accessCounts.add(hits: hits.count, misses: wanted.count - hits.count) }
        return hits
    }

    public func writeLayoutCacheCounts() throws -> Bool {
        try blocking { try await writeAccessCounts() }
    }

    /// Writes the hits and misses counted so far; false when another writer holds the row (the
    /// counts are kept for the next write).
    func writeAccessCounts() async throws -> Bool {
        let counts = accessCounts.take()
        guard counts.hits > 0 || counts.misses > 0 else { return true }
        do {
            try await write { session in try await Self.addCounts(counts, session) }
            return true
        } catch {
            accessCounts.restore(counts)
            if case .busy? = StoreFailure(error) { return false }
            throw error
        }
    }

    static func addCounts(_ counts: (hits: Int, misses: Int), _ session: PostgresSession) async throws {
        guard counts.hits > 0 || counts.misses > 0 else { return }
        try await session.execute("""
            UPDATE layout_cache_stat SET hits = hits + \(counts.hits), misses = misses + \(counts.misses) WHERE id = 1
            """)
    }

    public func putLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)]) throws {
        try blocking { try await storeLayouts(entries) }
    }

    public func replaceLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)]) throws -> Int {
        let now = clock.nowMilliseconds
        return try blockingWrite { session in
            try await Self.replaceLayouts(entries, now: now, counts: accessCounts, session)
        }
    }

    /// Stores layouts in `session`'s transaction, replacing whatever the same (photo, cell kind,
    /// size range, scale) linked to, and the shared layout of each fingerprint (the last entry
    /// of a fingerprint wins); writes the hits and misses `counts` holds. Returns the links
    /// written.
    @discardableResult
    static func putLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)], now: Int64,
                           counts: LayoutAccessCounts, _ session: PostgresSession) async throws -> Int {
        try await writeLayouts(entries, sql: putLayoutsSQL, now: now, counts: counts, session)
    }

    /// Replaces the layouts of links that exist in `session`'s transaction and returns how many
    /// it replaced: the relayout rewrites the links it read, stores the shared layout of each
    /// fingerprint not stored yet, and a link deleted since (its photo gone) stays deleted.
    static func replaceLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)], now: Int64,
                               counts: LayoutAccessCounts, _ session: PostgresSession) async throws -> Int {
        try await writeLayouts(entries, sql: replaceLayoutsSQL, now: now, counts: counts, session)
    }

    /// Runs `sql` (links, then shared layouts of the links written) over the arrays of
    /// `entries`' columns and returns the links written.
    private static func writeLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)], sql: String,
                                     now: Int64, counts: LayoutAccessCounts,
                                     _ session: PostgresSession) async throws -> Int {
        try await addCounts(counts.take(), session)
        guard !entries.isEmpty else { return 0 }
        var binds = LayoutColumns(entries).binds
        binds.append(now)
        let written = try await session.query(PostgresQuery(unsafeSQL: sql, binds: binds)).rows.first?
            .decode(Int64.self)
        return Int(written ?? 0)
    }

    /// The rows of ``LayoutColumns/binds`` ($1 to $13), with their position in the batch.
    static let layoutRowsSQL = """
        SELECT * FROM unnest($1::bigint[], $2::text[], $3::float8[], $4::float8[], $5::float8[], $6::float8[],
                             $7::float8[], $8::bigint[], $9::bigint[], $10::float8[], $11::float8[], $12::bytea[],
                             $13::bytea[]) WITH ORDINALITY
            AS r(photo_id, cell_kind, min_width, min_height, max_width, max_height, scale, content_version,
                 engine_version, width, height, frames, fingerprint, position)
        """

    /// Every row's key equal to the new row's.
    static let sameKeySQL = """
        lc.photo_id = r.photo_id AND lc.cell_kind = r.cell_kind AND lc.min_width = r.min_width
          AND lc.min_height = r.min_height AND lc.max_width = r.max_width AND lc.max_height = r.max_height
          AND lc.scale = r.scale
        """

    /// The shared layouts of the links written (`linked`), one per (fingerprint, cell kind, size
    /// range, scale), the batch's last entry of each; then `onConflict`, and the links' count.
    static func sharedLayoutsSQL(onConflict: String) -> String {
        """
        , shared AS (
            INSERT INTO cell_layout (fingerprint, cell_kind, min_width, min_height, max_width, max_height, scale,
                                     engine_version, width, height, frames, computed_at)
            SELECT DISTINCT ON (r.fingerprint, r.cell_kind, r.min_width, r.min_height, r.max_width, r.max_height,
                                r.scale)
                   r.fingerprint, r.cell_kind, r.min_width, r.min_height, r.max_width, r.max_height, r.scale,
                   r.engine_version, r.width, r.height, r.frames, $14::bigint
            FROM r JOIN linked lc ON \(sameKeySQL)
            ORDER BY r.fingerprint, r.cell_kind, r.min_width, r.min_height, r.max_width, r.max_height, r.scale,
                     r.position DESC
            ON CONFLICT (fingerprint, cell_kind, min_width, min_height, max_width, max_height, scale) \(onConflict)
        )
        SELECT COUNT(*) FROM linked
        """
    }

    /// Upserts the links and the shared layouts (a stored layout of the same key is replaced:
    /// the same one, unless that row was damaged and a lookup missed it).
    static let putLayoutsSQL = """
        WITH r AS (\(layoutRowsSQL)), linked AS (
            INSERT INTO layout_cache AS lc (photo_id, cell_kind, min_width, min_height, max_width, max_height, scale,
                                            content_version, engine_version, width, height, computed_at, fingerprint)
            SELECT photo_id, cell_kind, min_width, min_height, max_width, max_height, scale, content_version,
                   engine_version, width, height, $14::bigint, fingerprint
            FROM r ORDER BY position
            ON CONFLICT (photo_id, cell_kind, min_width, min_height, max_width, max_height, scale) DO UPDATE SET
                content_version = excluded.content_version, engine_version = excluded.engine_version,
                width = excluded.width, height = excluded.height, computed_at = excluded.computed_at,
                fingerprint = excluded.fingerprint
            WHERE lc.content_version <= excluded.content_version
            RETURNING lc.photo_id, lc.cell_kind, lc.min_width, lc.min_height, lc.max_width, lc.max_height, lc.scale
        )
        """ + sharedLayoutsSQL(onConflict: """
            DO UPDATE SET engine_version = excluded.engine_version, width = excluded.width,
                height = excluded.height, frames = excluded.frames, computed_at = excluded.computed_at
            """)

    /// Updates the links that exist; adds the shared layouts not stored yet, leaving stored ones
    /// untouched.
    static let replaceLayoutsSQL = """
        WITH r AS (\(layoutRowsSQL)), linked AS (
            UPDATE layout_cache lc SET content_version = r.content_version, engine_version = r.engine_version,
                width = r.width, height = r.height, computed_at = $14, fingerprint = r.fingerprint
            FROM r
            WHERE \(sameKeySQL) AND lc.content_version <= r.content_version
            RETURNING lc.photo_id, lc.cell_kind, lc.min_width, lc.min_height, lc.max_width, lc.max_height, lc.scale
        )
        """ + sharedLayoutsSQL(onConflict: "DO NOTHING")

    static let confirmLayoutsSQL = """
        UPDATE layout_cache lc SET content_version = r.content_version
        FROM (\(layoutRowsSQL)) AS r
        WHERE \(sameKeySQL) AND lc.engine_version = r.engine_version AND lc.fingerprint = r.fingerprint
          AND lc.content_version <= r.content_version
        """

    public func confirmLayouts(_ keys: [LayoutCacheKey]) throws -> Int {
        guard !keys.isEmpty else { return 0 }
        let binds = LayoutColumns(keys.map { ($0, CachedLayout(width: 0, height: 0, frames: [])) }).binds
        return try blockingWrite { session in
            try await session.execute(PostgresQuery(unsafeSQL: Self.confirmLayoutsSQL, binds: binds))
        }
    }

    public func cachedSizeRanges(photoID: Int64, cellKind: String) throws -> [(range: CacheSizeRange, scale: Double)] {
        try blockingSession { session in
            try await session.query("""
                SELECT min_width, min_height, max_width, max_height, scale FROM layout_cache
                WHERE photo_id = \(photoID) AND cell_kind = \(cellKind) ORDER BY min_width, max_width, scale
                """).rows.map { row in
                let (minWidth, minHeight, maxWidth, maxHeight, scale) = try row.decode(
                    (Double, Double, Double, Double, Double).self)
                return (CacheSizeRange(minWidth: minWidth, minHeight: minHeight, maxWidth: maxWidth,
                                       maxHeight: maxHeight), scale)
            }
        }
    }

    public func cachedLayoutEntries(photoIDs: [Int64], cellKind: String) throws -> [CachedLayoutEntry] {
        guard !photoIDs.isEmpty else { return [] }
        return try blockingSession { session in
            try await Self.cachedLayoutEntries(session, photoIDs: photoIDs, cellKind: cellKind)
        }
    }

    /// The rows of each photo in `photoIDs` order, each photo's by range and scale.
    static func cachedLayoutEntries(_ session: PostgresSession, photoIDs: [Int64],
                                    cellKind: String) async throws -> [CachedLayoutEntry] {
        try await session.query("""
            SELECT \(unescaped: entryColumns), lc.fingerprint
            FROM unnest(\(photoIDs)::bigint[]) WITH ORDINALITY AS ids(id, position)
            JOIN layout_cache lc ON lc.photo_id = ids.id AND lc.cell_kind = \(cellKind)
            ORDER BY ids.position, lc.min_width, lc.min_height, lc.max_width, lc.max_height, lc.scale
            """).rows.map { row in
            var (entry, reader) = try Self.entry(row)
            entry.fingerprint = try reader.bytes("fingerprint")
            return entry
        }
    }

    public func cachedLayoutHeights(engineVersion: Int) throws -> [CachedLayoutEntry] {
        try blockingSession { session in
            try await session.query("""
                SELECT \(unescaped: Self.entryColumns),
                       lc.engine_version != \(engineVersion) OR lc.content_version != p.content_version AS is_stale
                FROM layout_cache lc JOIN photo p ON p.id = lc.photo_id
                ORDER BY lc.min_width, lc.scale, lc.photo_id
                """).rows.map { row in
                var (entry, reader) = try Self.entry(row)
                entry.isStale = try reader.bool("is_stale")
                return entry
            }
        }
    }

    /// The columns of a link that ``entry(_:)`` reads, before one more column of the caller's.
    static let entryColumns = """
        lc.photo_id, lc.min_width, lc.min_height, lc.max_width, lc.max_height, lc.scale, lc.content_version, \
        lc.engine_version, lc.height
        """

    /// A link's entry from the first columns of `row` (``entryColumns``), and the reader at the
    /// column after them.
    static func entry(_ row: PostgresRow) throws -> (CachedLayoutEntry, PostgresColumnReader) {
        var reader = PostgresColumnReader(row)
        let entry = CachedLayoutEntry(
            photoID: try reader.int64("photo_id"),
            sizeRange: CacheSizeRange(minWidth: try reader.double("min_width"), minHeight: try reader.double("min_height"),
                                      maxWidth: try reader.double("max_width"), maxHeight: try reader.double("max_height")),
            scale: try reader.double("scale"), contentVersion: try reader.int64("content_version"),
            engineVersion: try reader.int("engine_version"), height: try reader.double("height"))
        return (entry, reader)
    }

    public func cachedPhotoCount(cellKind: String) throws -> Int {
        try blockingSession { session in
            try await session.query("SELECT COUNT(DISTINCT photo_id) FROM layout_cache WHERE cell_kind = \(cellKind)")
                .rows.first.map { Int(try $0.decode(Int64.self)) } ?? 0
        }
    }

    public func layoutCacheReport(engineVersion: Int) throws -> LayoutCacheReport {
        try blocking { try await readLayoutCacheReport(engineVersion: engineVersion) }
    }

    /// The cache's summary, with the counts not written yet added to the written ones.
    func readLayoutCacheReport(engineVersion: Int) async throws -> LayoutCacheReport {
        let unwritten = accessCounts.unwritten
        return try await read { session in
            let totals: (Int64, Int64) = try await session.query("""
                SELECT COUNT(*), COALESCE(SUM(CASE WHEN lc.engine_version != \(engineVersion)
                                                     OR lc.content_version != p.content_version THEN 1 ELSE 0 END), 0)
                FROM layout_cache lc JOIN photo p ON p.id = lc.photo_id
                """).rows.first.map { row in try row.decode((Int64, Int64).self) } ?? (0, 0)
            let counters: (Int64, Int64) = try await session
                .query("SELECT hits, misses FROM layout_cache_stat WHERE id = 1")
                .rows.first.map { row in try row.decode((Int64, Int64).self) } ?? (0, 0)
            let stored = try await session.query("SELECT COUNT(*) FROM cell_layout").rows.first?.decode(Int64.self) ?? 0
            let ranges = try await session.query("""
                SELECT min_width, min_height, max_width, max_height, scale, COUNT(*) FROM layout_cache
                GROUP BY min_width, min_height, max_width, max_height, scale
                ORDER BY min_width, min_height, max_width, max_height, scale
                """).rows.map { row in
                let (minWidth, minHeight, maxWidth, maxHeight, scale, count) = try row.decode(
                    (Double, Double, Double, Double, Double, Int64).self)
                return LayoutCacheReport.SizeRangeEntry(
                    range: CacheSizeRange(minWidth: minWidth, minHeight: minHeight, maxWidth: maxWidth,
                                          maxHeight: maxHeight),
                    scale: scale, entries: Int(count))
            }
            return LayoutCacheReport(entries: Int(totals.0), stale: Int(totals.1), storedLayouts: Int(stored),
                                     hits: Int(counters.0) + unwritten.hits, misses: Int(counters.1) + unwritten.misses,
                                     engineVersion: engineVersion, sizeRanges: ranges)
        }
    }
}

/// The columns of a set of layout rows as arrays, bound as one parameter each and turned back
/// into rows by `unnest`: one statement writes any number of rows.
private struct LayoutColumns {
    var photoIDs: [Int64] = [], cellKinds: [String] = []
    var minWidths: [Double] = [], minHeights: [Double] = [], maxWidths: [Double] = [], maxHeights: [Double] = []
    var scales: [Double] = [], contentVersions: [Int64] = [], engineVersions: [Int64] = []
    var widths: [Double] = [], heights: [Double] = [], frames: [ByteBuffer] = [], fingerprints: [ByteBuffer] = []

    init(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)]) {
        for (key, layout) in entries {
            photoIDs.append(key.photoID)
            cellKinds.append(key.cellKind)
            minWidths.append(key.sizeRange.minWidth)
            minHeights.append(key.sizeRange.minHeight)
            maxWidths.append(key.sizeRange.maxWidth)
            maxHeights.append(key.sizeRange.maxHeight)
            scales.append(key.scale)
            contentVersions.append(key.contentVersion)
            engineVersions.append(Int64(key.engineVersion))
            widths.append(layout.width)
            heights.append(layout.height)
            frames.append(ByteBuffer(bytes: LayoutBlob.encode(layout.frames)))
            fingerprints.append(ByteBuffer(bytes: key.fingerprint))
        }
    }

    /// The 13 arrays as $1 to $13, in ``PostgresFeedStore/layoutRowsSQL``'s column order.
    var binds: PostgresBindings {
        var binds = PostgresBindings(capacity: 14)
        binds.append(photoIDs)
        binds.append(cellKinds)
        binds.append(minWidths)
        binds.append(minHeights)
        binds.append(maxWidths)
        binds.append(maxHeights)
        binds.append(scales)
        binds.append(contentVersions)
        binds.append(engineVersions)
        binds.append(widths)
        binds.append(heights)
        binds.append(frames)
        binds.append(fingerprints)
        return binds
    }
}
