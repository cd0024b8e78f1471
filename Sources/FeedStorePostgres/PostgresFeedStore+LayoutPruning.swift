import FeedModel
import PostgresNIO

extension PostgresFeedStore {
    /// Deletes the shared layouts no `layout_cache` link refers to (``SyncJobStoring``'s
    /// contract), in one statement (a hash anti-join over both tables).
    ///
    /// A writer that links an existing layout while this runs may find it deleted when it
    /// commits: its link then names no layout, which a lookup counts as a miss and lays out and
    /// stores again; no wrong layout is ever served.
    @discardableResult
    public func pruneUnreferencedLayouts() throws -> Int {
        try blockingWrite { session in
            try await session.query("""
                WITH pruned AS (
                    DELETE FROM cell_layout cl WHERE NOT EXISTS (
                        SELECT 1 FROM layout_cache lc
                        WHERE lc.fingerprint = cl.fingerprint AND lc.cell_kind = cl.cell_kind
                          AND lc.min_width = cl.min_width AND lc.min_height = cl.min_height
                          AND lc.max_width = cl.max_width AND lc.max_height = cl.max_height AND lc.scale = cl.scale)
                    RETURNING 1)
                SELECT COUNT(*) FROM pruned
                """).rows.first.map { row in Int(try row.decode(Int64.self)) } ?? 0
        }
    }
}
