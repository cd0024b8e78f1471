import FeedModel
import PostgresNIO

/// The job queue as an operator sees it (``SyncJobAdministering``), on PostgreSQL: the same
/// reads and retry as the SQLite store's, so `photofeed jobs` prints the same for the same jobs.
extension PostgresFeedStore: SyncJobAdministering {
    public func jobCounts() throws -> [JobStateCount] {
        try blockingRead(Self.jobCounts)
    }

    static func jobCounts(_ session: PostgresSession) async throws -> [JobStateCount] {
        try await session.query("""
            SELECT kind, state, COUNT(*) FROM sync_job GROUP BY kind, state ORDER BY kind, state
            """).rows.map { row in
            let (kind, state, count) = try row.decode((String, String, Int64).self)
            return JobStateCount(kind: kind, state: state, count: Int(count))
        }
    }

    public func failedJobs(limit: Int) throws -> [FailedJob] {
        try blockingRead { session in
            try await session.query("""
                SELECT id, kind, target_id, attempts::bigint, result FROM sync_job
                WHERE state = 'failed' ORDER BY id LIMIT \(Int64(limit))
                """).rows.map { row in
                let (id, kind, target, attempts, result) = try row.decode((Int64, String, Int64, Int64, String?).self)
                return FailedJob(id: id, kind: kind, targetID: target, attempts: Int(attempts), lastError: result)
            }
        }
    }

    /// Sets `state = 'pending'`, `next_run_at` to the store clock's now and clears the result of
    /// the matching failed jobs, after checking in the same transaction that job `id` exists.
    public func retryFailedJobs(kind: JobKind?, id: Int64?) throws -> JobRetryReport {
        let now = clock.nowMilliseconds
        let kindName = kind?.rawValue
        return try blockingWrite { session in
            if let id, try await session.query("SELECT id FROM sync_job WHERE id = \(id)").rows.first == nil {
                throw SyncJobAdministrationError.unknownJob(id: id)
            }
            let retried = try await session.query("""
                UPDATE sync_job SET state = 'pending', next_run_at = \(now), result = NULL, lease_owner = NULL,
                                    lease_expires_at = NULL
                WHERE state = 'failed' AND (\(kindName)::text IS NULL OR kind = \(kindName)::text)
                  AND (\(id)::bigint IS NULL OR id = \(id)::bigint)
                RETURNING id
                """).rows.map { try $0.decode(Int64.self) }
            return JobRetryReport(retried: retried.sorted())
        }
    }
}
