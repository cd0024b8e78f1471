/// The writes a worker has decided since its last commit, in the order they happened.
///
/// Order matters: a job can start, fail, be rescheduled and start again within one batch, and
/// each write checks the state the previous one left (`running` before `done`).
struct SyncBatch: Sendable {
    enum Operation: Sendable {
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
    }

    private(set) var operations: [Operation] = []
    /// Operations that finish an attempt (all but starts and releases).
    private(set) var completions = 0

    var isEmpty: Bool { operations.isEmpty }

    mutating func append(_ operation: Operation) {
        switch operation {
        case .start, .release: break
        case .succeed, .retry, .giveUp, .cancel: completions += 1
        }
        operations.append(operation)
    }
}

/// What committing a batch changed.
struct SyncBatchResult: Sendable {
    var succeeded = 0
    var failed = 0
    var retried = 0
    /// Completions whose job was no longer running (deleted or reset meanwhile), or cancelled.
    var cancelled = 0
    /// The photos whose content version went up, ascending, each once.
    var affectedPhotoIDs: [Int64] = []
}
