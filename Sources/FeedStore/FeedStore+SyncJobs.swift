import FeedModel
import GRDB

/// What the sync daemon reads from the store besides its commits, and the repair it makes at
/// start.
extension FeedStore {
    /// Sends every `running` job back to `pending`, its lease cleared, whoever holds it. Returns
    /// how many there were. Only for the holder of the file's ``SyncLock``, which no other process
    /// can hold: every lease of the file is then one of a process that died (or of this one, not
    /// yet running a worker).
    @discardableResult
    public func releaseRunningJobs() throws -> Int {
        try writer.write { db in
            try db.execute(sql: """
                UPDATE sync_job SET state = 'pending', lease_owner = NULL, lease_expires_at = NULL
                WHERE state = 'running'
                """)
            return db.changesCount
        }
    }

    /// The photos with a cached layout older than their content, ascending.
    public func photosWithStaleLayouts() throws -> [Int64] {
        try writer.read { db in
            try Int64.fetchAll(db, sql: """
                SELECT DISTINCT lc.photo_id FROM layout_cache lc JOIN photo p ON p.id = lc.photo_id
                WHERE lc.content_version != p.content_version ORDER BY lc.photo_id
                """)
        }
    }

    /// Every pending job in (next_run_at, id) order, a geocode job with its location's
    /// coordinates. Jobs of a kind this build does not know (a newer daemon's) are left out.
    /// Read through SQLite's C API (``RawStatement``): a run loads every job of the database.
    public func pendingJobs() throws -> [PendingJob] {
        try writer.read { db in
            var jobs: [PendingJob] = []
            let pending = try RawStatement(db, sql: """
                SELECT j.id, j.kind, j.target_id, j.attempts, j.next_run_at, l.latitude, l.longitude, l.id
                FROM sync_job j LEFT JOIN location l ON j.kind = 'geocode' AND l.id = j.target_id
                WHERE j.state = 'pending' ORDER BY j.next_run_at, j.id
                """)
            try pending.forEachRow {
                guard let kind = pending.string(at: 1).flatMap(JobKind.init(rawValue:)) else { return }
                let hasLocation = pending.isNull(at: 7) == false
                let coordinate = hasLocation
                    ? ScheduledJob.Coordinate(latitude: pending.double(at: 5), longitude: pending.double(at: 6)) : nil
                let key = JobKey(kind: kind, targetID: pending.int64(at: 2))
                let job = ScheduledJob(rowID: pending.int64(at: 0), key: key,
                                       attemptsDone: Int(pending.int64(at: 3)), coordinate: coordinate)
                jobs.append(PendingJob(job: job, nextRunAt: pending.int64(at: 4)))
            }
            return jobs
        }
    }

    /// Jobs not finished: pending, or running.
    public func unfinishedJobCount() throws -> Int {
        try writer.read { db in
            try SyncJob.filter([SyncJob.State.pending, .running].contains(SyncJob.Columns.state)).fetchCount(db)
        }
    }
}
