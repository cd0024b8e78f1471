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
            try Row.fetchAll(db, sql: """
                SELECT j.id, j.kind, j.target_id, j.attempts, j.next_run_at, l.latitude, l.longitude
                FROM sync_job j LEFT JOIN location l ON j.kind = 'geocode' AND l.id = j.target_id
                WHERE j.state = 'pending' ORDER BY j.next_run_at, j.id
                """)
        }
        if settingOrigin {
            switch configuration.timeOrigin {
            case .earliestPendingJob:
                timeline = SyncTimeline(originMilliseconds: rows.first?[4] ?? 0)
            case .milliseconds(let origin):
                timeline = SyncTimeline(originMilliseconds: origin)
            }
        }
        for row in rows {
            let kindName: String = row[1]
            guard let kind = JobKind(rawValue: kindName) else { continue }
            let latitude: Double? = row[5], longitude: Double? = row[6]
            let coordinate = latitude.flatMap { lat in longitude.map { ScheduledJob.Coordinate(latitude: lat, longitude: $0) } }
            let job = ScheduledJob(rowID: row[0], key: JobKey(kind: kind, targetID: row[2]), attemptsDone: row[3],
                                   coordinate: coordinate)
            waiting.schedule(job, at: timeline.time(atMilliseconds: row[4]))
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
