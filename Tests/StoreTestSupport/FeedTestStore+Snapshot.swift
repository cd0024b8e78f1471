@_spi(SQLiteAccess) import FeedStore
import GRDB

extension FeedTestStore {
    /// Every column a user can see, as text: the feed's tables whole, the jobs without their
    /// scheduling time, the layout cache without its computation time. Equal snapshots mean
    /// equal feeds.
    public static func userVisibleSnapshot(_ store: FeedStore) throws -> String {
        try store.writer.read { db in
            let queries = [
                "SELECT * FROM user ORDER BY id",
                "SELECT * FROM photo ORDER BY id",
                "SELECT * FROM location ORDER BY id",
                "SELECT kind, target_id, state, attempts, result FROM sync_job ORDER BY kind, target_id",
                """
                SELECT photo_id, cell_kind, min_width, min_height, max_width, max_height, scale, content_version,
                       engine_version, width, height, hex(frames) FROM layout_cache ORDER BY 1, 2, 3, 4, 5, 6, 7
                """,
            ]
            return try queries.map { sql in
                try Row.fetchAll(db, sql: sql).map(\.description).joined(separator: "\n")
            }.joined(separator: "\n--\n")
        }
    }
}
