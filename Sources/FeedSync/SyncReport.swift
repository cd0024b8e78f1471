import FeedModel

/// What one run of the sync worker did (the `photofeed sync` summary).
public struct SyncReport: Hashable, Sendable {
    /// Jobs that succeeded, their result committed.
    public var completed = 0
    /// Jobs that failed for good (every attempt used).
    public var failed = 0
    /// Failed or timed-out attempts that were rescheduled.
    public var retried = 0
    /// Jobs found cancelled (deleted or cancelled while in flight): nothing was applied.
    public var cancelled = 0
    /// Jobs still pending (or running in another process) when the run ended.
    public var pending = 0
    /// Cell layouts computed again after committed completions.
    public var relayouts = 0
    /// Of those, how many changed the cell's height.
    public var heightChanges = 0
    /// Transactions that applied completions.
    public var batches = 0
    /// The worker's clock when the run ended.
    public var elapsed: Duration = .zero

    public init() {}

    mutating func add(_ summary: RelayoutSummary) {
        relayouts += summary.relayouts
        heightChanges += summary.heightChanges
    }

    /// Counts one committed batch: its completions, failures, retries (with `retriedBefore`,
    /// the retries decided before the commit and not written by it) and cancellations.
    mutating func add(_ result: SyncBatchResult, retriedBefore: Int = 0) {
        completed += result.succeeded
        failed += result.failed
        retried += retriedBefore + result.retried
        cancelled += result.cancelled
        batches += 1
    }
}

/// A snapshot for a progress line, sent after every committed batch.
public struct SyncProgress: Hashable, Sendable {
    public var completed: Int
    public var failed: Int
    public var retried: Int
    /// The queue's unfinished jobs: pending, or running under any worker's lease (the store's
    /// count, at most a quarter second old: ``PendingJobCount``).
    public var pending: Int
    public var relayouts: Int
    /// The worker's clock.
    public var elapsed: Duration
}

extension SyncProgress {
    /// The snapshot of `report` with `pending` unfinished jobs and `relayouts` made so far.
    init(_ report: SyncReport, pending: Int, relayouts: Int, elapsed: Duration) {
        self.init(completed: report.completed, failed: report.failed, retried: report.retried, pending: pending,
                  relayouts: relayouts, elapsed: elapsed)
    }
}
