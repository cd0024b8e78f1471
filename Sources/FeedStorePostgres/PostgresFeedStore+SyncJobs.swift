import FeedModel
import PostgresNIO

/// The sync queue on PostgreSQL: the one-daemon seam (``SyncJobStoring``) and the many-worker
/// one (``SyncJobLeasing``). Both commit a batch in one transaction through
/// ``PostgresBatchWriter``; a leased commit also requires the worker's unexpired lease on each
/// job it updates.
extension PostgresFeedStore: SyncJobStoring, SyncJobLeasing {
    /// Sends back to `pending` every running job that no worker holds under a live lease (those
    /// of a daemon run that died, and those whose lease expired); jobs other workers hold now
    /// are left to them.
    @discardableResult
    public func releaseRunningJobs() throws -> Int {
        let now = clock.nowMilliseconds
        return try blockingWrite { session in
            try await session.execute("""
                UPDATE sync_job SET state = 'pending', lease_owner = NULL, lease_expires_at = NULL
                WHERE state = 'running' AND (lease_expires_at IS NULL OR lease_expires_at <= \(now))
                """)
        }
    }

    public func pendingJobs() throws -> [PendingJob] {
        try blockingSession { session in
            try await session.query("""
                SELECT j.id, j.kind, j.target_id, j.attempts::bigint, j.next_run_at, l.id, l.latitude, l.longitude
                FROM sync_job j LEFT JOIN location l ON j.kind = 'geocode' AND l.id = j.target_id
                WHERE j.state = 'pending' ORDER BY j.next_run_at, j.id
                """).rows.compactMap { row in
                try Self.scheduledJob(row).map { PendingJob(job: $0.job, nextRunAt: $0.nextRunAt) }
            }
        }
    }

    public func unfinishedJobCount() throws -> Int {
        try blockingSession { session in
            Int(try await session.query("SELECT COUNT(*) FROM sync_job WHERE state = 'pending' OR state = 'running'")
                .rows[0].decode(Int64.self))
        }
    }

    public func photosWithStaleLayouts() throws -> [Int64] {
        try blockingSession { session in
            try await session.query("""
                SELECT DISTINCT lc.photo_id FROM layout_cache lc JOIN photo p ON p.id = lc.photo_id
                WHERE lc.content_version != p.content_version ORDER BY lc.photo_id
                """).rows.map { try $0.decode(Int64.self) }
        }
    }

    public func commit(_ batch: SyncBatch, geocoder: ReverseGeocoder,
                       beforeCommit: () -> Void) throws -> SyncBatchResult {
        try blockingWrite { session in
            let result = try await PostgresBatchWriter(session: session, geocoder: geocoder, lease: nil).commit(batch)
            beforeCommit()
            return result
        }
    }

    // MARK: - SyncJobLeasing

    /// One statement: the due jobs, locked with `FOR UPDATE SKIP LOCKED` so that workers
    /// claiming at the same moment take disjoint jobs without waiting, marked running under
    /// `worker`'s lease, with each geocode job's coordinates.
    ///
    /// The pending jobs and the jobs whose lease expired are looked for apart, each through its
    /// partial index (the first `limit` in due order of each), and the first `limit` of both
    /// are claimed: one search with both conditions would sort every pending job at each claim.
    public func claimDueJobs(worker: String, limit: Int, leaseMilliseconds: Int64) throws -> [ScheduledJob] {
        guard limit > 0 else { return [] }
        let now = clock.nowMilliseconds
        return try blockingWrite { session in
            try await session.query("""
                WITH pending AS (
                    SELECT id, next_run_at FROM sync_job WHERE state = 'pending' AND next_run_at <= \(now)
                    ORDER BY next_run_at, id LIMIT \(limit)
                    FOR UPDATE SKIP LOCKED
                ), expired AS (
                    SELECT id, next_run_at FROM sync_job WHERE state = 'running' AND lease_expires_at <= \(now)
                    ORDER BY next_run_at, id LIMIT \(limit)
                    FOR UPDATE SKIP LOCKED
                ), due AS (
                    SELECT id FROM (SELECT * FROM pending UNION ALL SELECT * FROM expired) AS either
                    ORDER BY next_run_at, id LIMIT \(limit)
                ), claimed AS (
                    UPDATE sync_job j SET state = 'running', lease_owner = \(worker),
                                          lease_expires_at = \(now + leaseMilliseconds)
                    FROM due WHERE j.id = due.id
                    RETURNING j.id, j.kind, j.target_id, j.attempts, j.next_run_at
                )
                SELECT c.id, c.kind, c.target_id, c.attempts::bigint, c.next_run_at, l.id, l.latitude, l.longitude
                FROM claimed c LEFT JOIN location l ON c.kind = 'geocode' AND l.id = c.target_id
                ORDER BY c.next_run_at, c.id
                """).rows.compactMap { try Self.scheduledJob($0)?.job }
        }
    }

    public func renewLeases(worker: String, rowIDs: [Int64], leaseMilliseconds: Int64) throws -> [Int64] {
        guard !rowIDs.isEmpty else { return [] }
        let now = clock.nowMilliseconds
        return try blockingWrite { session in
            try await session.query("""
                UPDATE sync_job SET lease_expires_at = \(now + leaseMilliseconds)
                WHERE id = ANY(\(rowIDs)) AND state = 'running' AND lease_owner = \(worker)
                  AND lease_expires_at > \(now)
                RETURNING id
                """).rows.map { try $0.decode(Int64.self) }.sorted()
        }
    }

    public func commit(_ batch: SyncBatch, worker: String, geocoder: ReverseGeocoder) throws -> SyncBatchResult {
        let lease = PostgresBatchWriter.Lease(worker: worker, now: clock.nowMilliseconds)
        return try blockingWrite { session in
            let result = try await PostgresBatchWriter(session: session, geocoder: geocoder, lease: lease).commit(batch)
            try await Self.addTally(session, .committed(result, batch: batch), worker: worker, now: lease.now)
            return result
        }
    }

    /// A job row: id, kind, target, attempts, due time, then the location's id and coordinates
    /// (NULL unless a geocode job's location exists). Nil for a kind this build does not know.
    private static func scheduledJob(_ row: PostgresRow) throws -> (job: ScheduledJob, nextRunAt: Int64)? {
        var reader = PostgresColumnReader(row)
        let id = try reader.int64("id")
        guard let kind = JobKind(rawValue: try reader.text("kind")) else { return nil }
        let target = try reader.int64("target_id"), attempts = try reader.int("attempts")
        let nextRunAt = try reader.int64("next_run_at")
        var coordinate: ScheduledJob.Coordinate?
        if try reader.optionalInt64("id") != nil {
            coordinate = ScheduledJob.Coordinate(latitude: try reader.double("latitude"),
                                                 longitude: try reader.double("longitude"))
        }
        let job = ScheduledJob(rowID: id, key: JobKey(kind: kind, targetID: target), attemptsDone: attempts,
                               coordinate: coordinate)
        return (job, nextRunAt)
    }
}
