import FeedModel
import GRDB

/// The shared job queue on SQLite (``SyncJobLeasing``): any number of workers, in one process or
/// several, claim due jobs under leases that expire, as on PostgreSQL.
///
/// SQLite has one writer at a time, so a claim needs no `SKIP LOCKED`: it is one
/// `UPDATE … RETURNING` in a write transaction begun with `BEGIN IMMEDIATE`, which takes the
/// file's write lock before it reads, so two claims (from any process) run one after the other
/// and take disjoint jobs. Leases are stamped with the store's clock (``StoreClock``).
extension FeedStore: SyncJobLeasing {
    public func claimDueJobs(worker: String, limit: Int, leaseMilliseconds: Int64) throws -> [ScheduledJob] {
        guard limit > 0 else { return [] }
        let now = clock.nowMilliseconds
        return try immediateWrite { db in
            // The pending jobs that are due and the running jobs whose lease lapsed (or that have
            // none: left by a daemon that held no leases), each the first `limit` through its own
            // index, then the first `limit` of both.
            let claim = try RawStatement(db, sql: """
                UPDATE sync_job SET state = 'running', lease_owner = ?1, lease_expires_at = ?2
                WHERE id IN (
                    SELECT id FROM (
                        SELECT * FROM (SELECT id, next_run_at FROM sync_job
                                       WHERE state = 'pending' AND next_run_at <= ?3
                                       ORDER BY next_run_at, id LIMIT ?4)
                        UNION ALL
                        SELECT * FROM (SELECT id, next_run_at FROM sync_job
                                       WHERE state = 'running' AND (lease_expires_at IS NULL OR lease_expires_at <= ?3)
                                       ORDER BY next_run_at, id LIMIT ?4))
                    ORDER BY next_run_at, id LIMIT ?4)
                RETURNING id, kind, target_id, attempts, next_run_at
                """)
            var claimed: [(job: ScheduledJob, nextRunAt: Int64)] = []
            try claim.forEachRow(worker, now + leaseMilliseconds, now, limit) {
                // A kind this build does not know (a newer worker's) stays claimed until its
                // lease lapses; it is never run here.
                guard let kind = claim.string(at: 1).flatMap(JobKind.init(rawValue:)) else { return }
                let job = ScheduledJob(rowID: claim.int64(at: 0), key: JobKey(kind: kind, targetID: claim.int64(at: 2)),
                                       attemptsDone: Int(claim.int64(at: 3)))
                claimed.append((job, claim.int64(at: 4)))
            }
            claimed.sort { ($0.nextRunAt, $0.job.rowID) < ($1.nextRunAt, $1.job.rowID) }
            let location = try RawStatement(db, sql: "SELECT latitude, longitude FROM location WHERE id = ?")
            return try claimed.map { claimed in
                var job = claimed.job
                if job.key.kind == .geocode {
                    job.coordinate = try location.firstRow(job.key.targetID) {
                        ScheduledJob.Coordinate(latitude: location.double(at: 0), longitude: location.double(at: 1))
                    }
                }
                return job
            }
        }
    }

    public func renewLeases(worker: String, rowIDs: [Int64], leaseMilliseconds: Int64) throws -> [Int64] {
        guard !rowIDs.isEmpty else { return [] }
        let now = clock.nowMilliseconds
        return try immediateWrite { db in
            let renew = try RawStatement(db, sql: """
                UPDATE sync_job SET lease_expires_at = ?
                WHERE id = ? AND state = 'running' AND lease_owner = ? AND lease_expires_at > ?
                """)
            return try rowIDs.sorted().filter { rowID in
                try renew.execute(now + leaseMilliseconds, rowID, worker, now) > 0
            }
        }
    }

    public func commit(_ batch: SyncBatch, worker: String, geocoder: ReverseGeocoder) throws -> SyncBatchResult {
        let lease = SyncBatchWriter.Lease(worker: worker, now: clock.nowMilliseconds)
        return try immediateWrite { db in
            let result = try SyncBatchWriter(geocoder: geocoder, cityGrids: cityGrids, lease: lease)
                .commit(batch, db: db, beforeCommit: {})
            try Self.addTally(db, .committed(result, batch: batch), worker: worker, now: lease.now)
            return result
        }
    }

    /// Runs `body` in a transaction begun with `BEGIN IMMEDIATE`: the write lock is taken before
    /// the first read, so no other writer can change what the transaction reads.
    private func immediateWrite<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.writeWithoutTransaction { db in
            var value: T?
            try db.inTransaction(.immediate) {
                value = try body(db)
                return .commit
            }
            return value!
        }
    }
}
