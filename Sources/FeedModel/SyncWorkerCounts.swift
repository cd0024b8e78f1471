/// A sync worker's running totals as the store keeps them (the `sync_worker` table, one row per
/// worker name): what its commits committed since the worker name was first used.
///
/// The totals grow in the transaction that commits each of the worker's batches
/// (``SyncJobLeasing/commit(_:worker:geocoder:)`` adds the commit's own counts and the batch's
/// ``SyncBatch/tally``), so they are exactly what was committed, whichever process ran the worker,
/// and they outlive it: a worker started again under the same name (`photofeed sync
/// --worker-id`) goes on from them, so each total only ever grows. The server reads them at each
/// scrape (``FeedServing/servedWorkerCounts()``) and exports them as Prometheus counters
/// labelled by worker.
///
/// ```swift
/// let counts = try await store.servedWorkerCounts()   // [SyncWorkerCounts], by worker name
/// ```
public struct SyncWorkerCounts: Sendable, Hashable, Codable {
    /// The worker's name: its lease owner (`--worker-id`, else host name and process id).
    public var worker: String
    /// The totals.
    public var tally: SyncWorkerTally
    /// Store time (milliseconds since 1970) of the worker's last recorded commit.
    public var updatedAt: Int64

    public init(worker: String, tally: SyncWorkerTally, updatedAt: Int64) {
        self.worker = worker
        self.tally = tally
        self.updatedAt = updatedAt
    }
}

/// Counts of a sync worker's work, added up: a batch's share (``SyncBatch/tally``), or a
/// worker's totals (``SyncWorkerCounts``).
public struct SyncWorkerTally: Sendable, Hashable, Codable {
    /// Jobs that succeeded, their result committed.
    public var completed = 0
    /// Jobs that failed for good (every attempt used).
    public var failed = 0
    /// Failed or timed-out attempts that were rescheduled.
    public var retried = 0
    /// Jobs found cancelled, or whose lease was lost: nothing was applied for them.
    public var cancelled = 0
    /// Transactions that committed a batch.
    public var batches = 0
    /// Cell layouts computed again after committed completions (or found stale).
    public var relayouts = 0
    /// Of those, how many changed the cell's height.
    public var heightChanges = 0

    public init(completed: Int = 0, failed: Int = 0, retried: Int = 0, cancelled: Int = 0, batches: Int = 0,
                relayouts: Int = 0, heightChanges: Int = 0) {
        self.completed = completed
        self.failed = failed
        self.retried = retried
        self.cancelled = cancelled
        self.batches = batches
        self.relayouts = relayouts
        self.heightChanges = heightChanges
    }

    /// Whether every count is 0: nothing to record.
    public var isEmpty: Bool { self == SyncWorkerTally() }

    /// Both tallies added up.
    public static func + (lhs: SyncWorkerTally, rhs: SyncWorkerTally) -> SyncWorkerTally {
        SyncWorkerTally(completed: lhs.completed + rhs.completed, failed: lhs.failed + rhs.failed,
                        retried: lhs.retried + rhs.retried, cancelled: lhs.cancelled + rhs.cancelled,
                        batches: lhs.batches + rhs.batches, relayouts: lhs.relayouts + rhs.relayouts,
                        heightChanges: lhs.heightChanges + rhs.heightChanges)
    }

    /// What a leased commit adds to its worker's totals: the commit's own counts (`result`,
    /// as the transaction applied them), one batch, and the batch's ``SyncBatch/tally`` (what the
    /// worker counted outside the transaction).
    public static func committed(_ result: SyncBatchResult, batch: SyncBatch) -> SyncWorkerTally {
        SyncWorkerTally(completed: result.succeeded, failed: result.failed, retried: result.retried,
                        cancelled: result.cancelled, batches: 1) + batch.tally
    }
}
