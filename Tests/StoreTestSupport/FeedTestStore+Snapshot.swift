import FeedModel
@_spi(SQLiteAccess) import FeedStore
import GRDB

extension FeedTestStore {
    /// Every column a user can see, as text: the feed's tables whole, the jobs without their
    /// scheduling time, the layout cache (each photo's link with its shared layout's frames)
    /// without its computation time. Equal snapshots mean equal feeds.
    public static func userVisibleSnapshot(_ store: FeedStore) throws -> String {
        try store.writer.read { db in
            let queries = [
                "SELECT * FROM user ORDER BY id",
                "SELECT * FROM photo ORDER BY id",
                "SELECT * FROM location ORDER BY id",
                "SELECT kind, target_id, state, attempts, result FROM sync_job ORDER BY kind, target_id",
                """
                SELECT lc.photo_id, lc.cell_kind, lc.min_width, lc.min_height, lc.max_width, lc.max_height, lc.scale,
                       lc.content_version, lc.engine_version, lc.width, lc.height, hex(lc.fingerprint), hex(cl.frames)
                FROM layout_cache lc
                LEFT JOIN cell_layout cl ON cl.fingerprint = lc.fingerprint AND cl.cell_kind = lc.cell_kind
                    AND cl.min_width = lc.min_width AND cl.min_height = lc.min_height AND cl.max_width = lc.max_width
                    AND cl.max_height = lc.max_height AND cl.scale = lc.scale
                ORDER BY 1, 2, 3, 4, 5, 6, 7
                """,
            ]
            return try queries.map { sql in
                try Row.fetchAll(db, sql: sql).map(\.description).joined(separator: "\n")
            }.joined(separator: "\n--\n")
        }
    }

    /// How many photo links (`layout_cache`) and shared layouts (`cell_layout`) the cache holds.
    public static func layoutCacheRowCounts(_ store: FeedStore) throws -> (links: Int, layouts: Int) {
        try store.writer.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM layout_cache") ?? -1,
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM cell_layout") ?? -1)
        }
    }
}
