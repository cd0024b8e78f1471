import FeedModel
import PostgresNIO

/// The sync workers' running totals on PostgreSQL (`sync_worker`, ``SyncWorkerCounts``), as on
/// SQLite: a leased commit adds to its worker's row inside its own transaction
/// (``addTally(_:_:worker:now:)``), a worker adds its relayouts after its last commit in a
/// transaction of its own, and the server reads every row at each scrape.
extension PostgresFeedStore {
    public func recordWorkerTally(_ tally: SyncWorkerTally, worker: String) throws {
        guard !tally.isEmpty else { return }
        let now = clock.nowMilliseconds
        try blockingWrite { session in try await Self.addTally(session, tally, worker: worker, now: now) }
    }

    public func servedWorkerCounts() async throws -> [SyncWorkerCounts] {
        try await withSession(waitingToReconnect: false) { session in try await Self.workerCounts(session) }
    }

    /// Adds `tally` to `worker`'s row (made with zeros when the name is new), stamped `now`; in
    /// the caller's transaction.
    static func addTally(_ session: PostgresSession, _ tally: SyncWorkerTally, worker: String, now: Int64) async throws {
        _ = try await session.execute("""
            INSERT INTO sync_worker (id, completed, failed, retried, cancelled, batches, relayouts, height_changes,
                                     updated_at)
            VALUES (\(worker), \(Int64(tally.completed)), \(Int64(tally.failed)), \(Int64(tally.retried)),
                    \(Int64(tally.cancelled)), \(Int64(tally.batches)), \(Int64(tally.relayouts)),
                    \(Int64(tally.heightChanges)), \(now))
            ON CONFLICT (id) DO UPDATE SET
                completed = sync_worker.completed + excluded.completed,
                failed = sync_worker.failed + excluded.failed,
                retried = sync_worker.retried + excluded.retried,
                cancelled = sync_worker.cancelled + excluded.cancelled,
                batches = sync_worker.batches + excluded.batches,
                relayouts = sync_worker.relayouts + excluded.relayouts,
                height_changes = sync_worker.height_changes + excluded.height_changes,
                updated_at = excluded.updated_at
            """)
    }

    /// Every worker's row, by name.
    static func workerCounts(_ session: PostgresSession) async throws -> [SyncWorkerCounts] {
        try await session.query("""
            SELECT id, completed, failed, retried, cancelled, batches, relayouts, height_changes, updated_at
            FROM sync_worker ORDER BY id
            """).rows.map { row in
            var reader = PostgresColumnReader(row)
            let worker = try reader.text("id")
            let tally = SyncWorkerTally(completed: try reader.int("completed"), failed: try reader.int("failed"),
                                        retried: try reader.int("retried"), cancelled: try reader.int("cancelled"),
                                        batches: try reader.int("batches"), relayouts: try reader.int("relayouts"),
                                        heightChanges: try reader.int("height_changes"))
            return SyncWorkerCounts(worker: worker, tally: tally, updatedAt: try reader.int64("updated_at"))
        }
    }
}
