import GRDB

extension FeedStore {
    /// Deletes the shared layouts no `layout_cache` link refers to (``SyncJobStoring``'s
    /// contract). The links' keys are read once into SQLite's ephemeral index for `NOT IN`, so
    /// the statement reads each table once, whatever their sizes; `layout_cache` has no index on
    /// the fingerprint for a per-row probe.
    @discardableResult
    public func pruneUnreferencedLayouts() throws -> Int {
        try writer.write { db in
            try db.execute(sql: """
                DELETE FROM cell_layout
                WHERE (fingerprint, cell_kind, min_width, min_height, max_width, max_height, scale) NOT IN (
                    SELECT fingerprint, cell_kind, min_width, min_height, max_width, max_height, scale
                    FROM layout_cache WHERE fingerprint IS NOT NULL)
                """)
            return db.changesCount
        }
    }
}
