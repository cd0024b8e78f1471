import FeedModel

/// The worker's running totals in the store (``SyncWorkerCounts``): each leased commit adds its
/// own counts in its transaction, and the batch carries what the worker counted outside it since
/// the last recorded tally (``SyncBatch/tally``): leases lost, relayouts, and the retries held
/// under the lease. Relayouts come after their batch's commit (a layout pass may still run), so
/// they go with a later commit, or with a tally of their own when the worker goes idle and when it
/// stops. Over a run the totals grow by exactly the run's ``SyncReport`` (but `pending` and
/// `elapsed`), however many processes run workers.
extension SyncWorker {
    /// Counts a relayout made now in the report and in the tally still to record.
    func counted(_ summary: RelayoutSummary) {
        report.add(summary)
        unrecorded = unrecorded + SyncWorkerTally(summary)
    }

    /// The tally still to record, with the layout passes finished since it was last taken; the
    /// worker's tally starts again from zero.
    func takeUnrecorded() async -> SyncWorkerTally {
        let tally = unrecorded + SyncWorkerTally(await layoutPasses.takeUnrecorded())
        unrecorded = SyncWorkerTally()
        return tally
    }

    /// Records the tally still to record in a transaction of its own (nothing when it is empty).
    func recordTally() async throws {
        let tally = await takeUnrecorded()
        guard !tally.isEmpty else { return }
        try store.recordWorkerTally(tally, worker: configuration.worker)
    }
}

extension SyncWorkerTally {
    /// The relayouts and height changes of `summary`.
    init(_ summary: RelayoutSummary) {
        self.init(relayouts: summary.relayouts, heightChanges: summary.heightChanges)
    }
}
