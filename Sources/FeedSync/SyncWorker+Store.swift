import FeedStore
import GRDB

/// What the worker reads from the store, and the repairs it makes at start.
extension SyncWorker {
    /// Jobs left `running` by a run that died were in flight: their effect was not committed
    /// (it commits with the state), so they are pending again.
    func recoverInterruptedJobs() throws {
        try store.writer.write { db in
            try db.execute(sql: "UPDATE sync_job SET state = 'pending' WHERE state = 'running'")
        }
    }

    /// Relayouts the cells whose cached layouts are older than their photo's content: left so
    /// by a run that died between a commit and the relayout that follows it.
    func relayoutStaleCells() async throws {
        let stale = try await store.writer.read { db in
            try Int64.fetchAll(db, sql: """
                SELECT DISTINCT lc.photo_id FROM layout_cache lc JOIN photo p ON p.id = lc.photo_id
                WHERE lc.content_version != p.content_version ORDER BY lc.photo_id
                """)
        }
        guard !stale.isEmpty else { return }
        report.add(try await relayouter.relayoutCells(forPhotos: stale))
    }

    /// Loads the pending jobs into the waiting queue in (next_run_at, id) order; returns how
    /// many. Called at start (fixing the timeline's origin) and whenever the worker is idle,
    /// when it holds no job — so every pending row is new to it.
    @discardableResult
    func loadPendingJobs(settingOrigin: Bool) throws -> Int {
        let rows = try store.writer.read { db in
            var rows: [(job: ScheduledJob, nextRunAt: Int64)] = []
            let pending = try RawStatement(db, sql: """
                SELECT j.id, j.kind, j.target_id, j.attempts, j.next_run_at, l.latitude, l.longitude, l.id
                FROM sync_job j LEFT JOIN location l ON j.kind = 'geocode' AND l.id = j.target_id
                WHERE j.state = 'pending' ORDER BY j.next_run_at, j.id
                """)
            try pending.forEachRow {
                // An unknown kind (a newer daemon's job) is left alone.
                guard let kind = pending.string(at: 1).flatMap(JobKind.init(rawValue:)) else { return }
                let hasLocation = pending.isNull(at: 7) == false
                let coordinate = hasLocation
                    ? ScheduledJob.Coordinate(latitude: pending.double(at: 5), longitude: pending.double(at: 6)) : nil
                let key = JobKey(kind: kind, targetID: pending.int64(at: 2))
                let job = ScheduledJob(rowID: pending.int64(at: 0), key: key,
                                       attemptsDone: Int(pending.int64(at: 3)), coordinate: coordinate)
                rows.append((job, pending.int64(at: 4)))
            }
            return rows
        }
        if settingOrigin {
            switch configuration.timeOrigin {
            case .earliestPendingJob:
                timeline = SyncTimeline(originMilliseconds: rows.first?.nextRunAt ?? 0)
            case .milliseconds(let origin):
                timeline = SyncTimeline(originMilliseconds: origin)
            }
        }
        for (job, nextRunAt) in rows {
            waiting.schedule(job, at: timeline.time(atMilliseconds: nextRunAt))
        }
        return rows.count
    }

    /// Jobs not finished: pending, or running (in another process, or in flight here).
    func countUnfinishedJobs() throws -> Int {
        try store.writer.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_job WHERE state IN ('pending', 'running')") ?? 0
        }
    }
}
