/// The writes a worker has decided since its last commit, in the order they happened.
///
/// Order matters: a job can start, fail, be rescheduled and start again within one batch, and
/// each write checks the state the previous one left.
///
/// A start whose attempt finishes (or is given back) later in the same batch is elided: both
/// lie in one transaction, so writing `running` first is something no reader can see. The
/// finishing write then expects the state the job had before that start (`pending`) instead of
/// `running`, so a job deleted or changed by another writer before the transaction is still
/// counted as cancelled and nothing is applied for it — exactly as with the start written.
public struct SyncBatch: Sendable {
    public enum Operation: Sendable {
        /// An attempt began: the job is `running`.
        case start(rowID: Int64)
        /// The attempt succeeded: the result is written, the job is `done`.
        case succeed(ScheduledJob, attempt: Int)
        /// The attempt failed; the job is `pending` again from `nextRunAt` (store milliseconds).
        case retry(ScheduledJob, attempt: Int, nextRunAt: Int64, message: String)
        /// The last allowed attempt failed: the asset is `failed`, and so is the job.
        case giveUp(ScheduledJob, attempt: Int, message: String)
        /// The job was cancelled: it is `failed` with result "cancelled"; its asset is untouched.
        case cancel(ScheduledJob)
        /// The worker stopped with the attempt in flight: the job goes back to `pending`.
        case release(rowID: Int64)

        /// The `sync_job` row the operation writes.
        public var rowID: Int64 {
            switch self {
            case .start(let rowID), .release(let rowID): rowID
            case .succeed(let job, _), .retry(let job, _, _, _), .giveUp(let job, _, _), .cancel(let job): job.rowID
            }
        }
    }

    /// An operation as the commit runs it.
    public struct Write: Sendable {
        public var operation: Operation
        /// The job state the write's UPDATE expects to find: `running` after a start committed
        /// in an earlier batch, `pending` when this attempt's start was elided (and for starts).
        public var expectedState: SyncJob.State
        /// Nothing to write: a start (or a release) elided within the batch.
        public var isElided = false
    }

    public private(set) var writes: [Write] = []
    /// Operations that finish an attempt (all but starts and releases).
    public private(set) var completions = 0
    /// Starts not finished yet within this batch, by job row id: where they are in `writes`.
    private var openStarts: [Int64: Int] = [:]
    /// What the worker counted outside the transaction since its last recorded tally (retries
    /// held under the lease, leases lost, relayouts): a leased commit adds it to the worker's
    /// totals together with its own counts (``SyncWorkerTally/committed(_:batch:)``).
    public var tally = SyncWorkerTally()

    public init() {}

    public var isEmpty: Bool { writes.isEmpty }

    public mutating func append(_ operation: Operation) {
        let rowID = operation.rowID
        switch operation {
        case .start:
            openStarts[rowID] = writes.count
            writes.append(Write(operation: operation, expectedState: .pending))
            return
        case .succeed, .retry, .giveUp, .cancel:
            completions += 1
        case .release:
            break
        }
        guard let start = openStarts.removeValue(forKey: rowID) else {
            writes.append(Write(operation: operation, expectedState: .running))
            return
        }
        writes[start].isElided = true
        // A release of an elided start leaves the job as it was: pending.
        let isRelease = if case .release = operation { true } else { false }
        writes.append(Write(operation: operation, expectedState: .pending, isElided: isRelease))
    }
}

/// What committing a batch changed.
public struct SyncBatchResult: Codable, Sendable {
    public var succeeded = 0
    public var failed = 0
    public var retried = 0
    /// Completions whose job was no longer running (deleted or reset meanwhile), or cancelled.
    public var cancelled = 0
    /// Every photo content-version bump, in the order committed (a photo twice if two
    /// completions changed it).
    public var changes: [ContentChange] = []

    public init() {}
}
