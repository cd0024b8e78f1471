import FeedModel

/// What the worker reads from the store, and the repairs it makes at start.
extension SyncWorker {
    /// Jobs left `running` by a run that died were in flight: their effect was not committed
    /// (it commits with the state), so they are pending again.
    func recoverInterruptedJobs() throws {
        try store.releaseRunningJobs()
    }

    /// Relayouts the cells whose cached layouts are older than their photo's content: left so
    /// by a run that died between a commit and the relayout that follows it.
    func relayoutStaleCells() async throws {
        let stale = try store.photosWithStaleLayouts()
        guard !stale.isEmpty else { return }
        report.add(try await relayouter.relayoutCells(forPhotos: stale))
    }

    /// Loads the pending jobs into the waiting queue in (next_run_at, id) order; returns how
    /// many. Called at start (fixing the timeline's origin) and whenever the worker is idle,
    /// when it holds no job — so every pending row is new to it.
    @discardableResult
    func loadPendingJobs(settingOrigin: Bool) throws -> Int {
        let pending = try store.pendingJobs()
        if settingOrigin {
            switch configuration.timeOrigin {
            case .earliestPendingJob:
                timeline = SyncTimeline(originMilliseconds: pending.first?.nextRunAt ?? 0)
            case .milliseconds(let origin):
                timeline = SyncTimeline(originMilliseconds: origin)
            }
        }
        for row in pending {
            waiting.schedule(row.job, at: timeline.time(atMilliseconds: row.nextRunAt))
        }
        return pending.count
    }

    /// Jobs not finished: pending, or running (in another process, or in flight here).
    func countUnfinishedJobs() throws -> Int {
        try store.unfinishedJobCount()
    }
}
