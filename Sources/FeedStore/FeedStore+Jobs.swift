import FeedModel
import GRDB

/// The job queue as an operator sees it (``SyncJobAdministering``).
extension FeedStore {
    public func jobCounts() throws -> [JobStateCount] {
        try writer.read(Self.jobCounts)
    }

    static func jobCounts(_ db: Database) throws -> [JobStateCount] {
        try Row.fetchAll(db, sql: """
            SELECT kind, state, COUNT(*) AS count FROM sync_job GROUP BY kind, state ORDER BY kind, state
            """).map { row in JobStateCount(kind: row["kind"], state: row["state"], count: row["count"]) }
    }

    public func failedJobs(limit: Int) throws -> [FailedJob] {
        try writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, kind, target_id, attempts, result FROM sync_job WHERE state = 'failed' ORDER BY id LIMIT ?
                """, arguments: [limit]).map { row in
                FailedJob(id: row["id"], kind: row["kind"], targetID: row["target_id"], attempts: row["attempts"],
                          lastError: row["result"])
            }
        }
    }

    /// Sets `state = 'pending'`, `next_run_at` to the store clock's now and clears the result of
    /// the matching failed jobs, after checking in the same transaction that job `id` exists.
    public func retryFailedJobs(kind: JobKind? = nil, id: Int64? = nil) throws -> JobRetryReport {
        let now = clock.nowMilliseconds
        return try writer.write { db in
            if let id, try Int64.fetchOne(db, sql: "SELECT id FROM sync_job WHERE id = ?", arguments: [id]) == nil {
                throw SyncJobAdministrationError.unknownJob(id: id)
            }
            let retried = try Int64.fetchAll(db, sql: """
                UPDATE sync_job SET state = 'pending', next_run_at = ?1, result = NULL
                WHERE state = 'failed' AND (?2 IS NULL OR kind = ?2) AND (?3 IS NULL OR id = ?3)
                RETURNING id
                """, arguments: [now, kind?.rawValue, id])
            return JobRetryReport(retried: retried.sorted())
        }
    }
}
