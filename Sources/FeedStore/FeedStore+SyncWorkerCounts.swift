import FeedModel
import GRDB

/// The sync workers' running totals on SQLite (`sync_worker`, ``SyncWorkerCounts``): a leased
/// commit adds to its worker's row inside its own transaction (``addTally(_:_:worker:now:)``), a
/// worker adds its relayouts after its last commit in a transaction of its own, and the server
/// reads every row at each scrape.
extension FeedStore {
    public func recordWorkerTally(_ tally: SyncWorkerTally, worker: String) throws {
        guard !tally.isEmpty else { return }
        let now = clock.nowMilliseconds
        try writer.write { db in try Self.addTally(db, tally, worker: worker, now: now) }
    }

    public func servedWorkerCounts() async throws -> [SyncWorkerCounts] {
        try await writer.read { db in
            try fileWatch?.check()
            return try Self.workerCounts(db)
        }
    }

    /// Adds `tally` to `worker`'s row (made with zeros when the name is new), stamped `now`; in
    /// the caller's transaction.
    static func addTally(_ db: Database, _ tally: SyncWorkerTally, worker: String, now: Int64) throws {
        try db.execute(sql: """
            INSERT INTO sync_worker (id, completed, failed, retried, cancelled, batches, relayouts, height_changes,
                                     updated_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET
                completed = sync_worker.completed + excluded.completed,
                failed = sync_worker.failed + excluded.failed,
                retried = sync_worker.retried + excluded.retried,
                cancelled = sync_worker.cancelled + excluded.cancelled,
                batches = sync_worker.batches + excluded.batches,
                relayouts = sync_worker.relayouts + excluded.relayouts,
                height_changes = sync_worker.height_changes + excluded.height_changes,
                updated_at = excluded.updated_at
            """, arguments: [worker, tally.completed, tally.failed, tally.retried, tally.cancelled, tally.batches,
                             tally.relayouts, tally.heightChanges, now])
    }

    /// Every worker's row, by name.
    static func workerCounts(_ db: Database) throws -> [SyncWorkerCounts] {
        try Row.fetchAll(db, sql: """
            SELECT id, completed, failed, retried, cancelled, batches, relayouts, height_changes, updated_at
            FROM sync_worker ORDER BY id
            """).map { row in
            SyncWorkerCounts(worker: row["id"],
                             tally: SyncWorkerTally(completed: row["completed"], failed: row["failed"],
                                                    retried: row["retried"], cancelled: row["cancelled"],
                                                    batches: row["batches"], relayouts: row["relayouts"],
                                                    heightChanges: row["height_changes"]),
                             updatedAt: row["updated_at"])
        }
    }
}
