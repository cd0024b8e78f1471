import FeedModel

/// One step in a worker's run, recorded when ``SyncWorker/Configuration/recordsTrace`` is on
/// (tests check exact virtual times against it).
public struct SyncTraceEvent: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: String, Hashable, Sendable {
        /// An attempt began.
        case started
        /// An attempt succeeded; the job is done.
        case succeeded
        /// An attempt failed and the job will be retried.
        case retrying
        /// The last allowed attempt failed; the job failed for good.
        case gaveUp
        /// The job was cancelled.
        case cancelled
    }

    /// The worker's clock when it happened.
    public var time: Duration
    public var job: JobKey
    public var attempt: Int
    public var kind: Kind
    /// For failures: whether the attempt timed out rather than failed.
    public var timedOut: Bool

    public init(time: Duration, job: JobKey, attempt: Int, kind: Kind, timedOut: Bool = false) {
        self.time = time
        self.job = job
        self.attempt = attempt
        self.kind = kind
        self.timedOut = timedOut
    }

    public var description: String {
        "\(time) \(job) #\(attempt) \(kind.rawValue)\(timedOut ? " (timeout)" : "")"
    }
}
