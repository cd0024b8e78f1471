/// What an operator needs of the job queue: how many jobs of each kind are in each state, the
/// failed jobs with their last error, and a way to make failed jobs pending again
/// (`photofeed jobs`). `FeedStore` is the SQLite implementation.
public protocol SyncJobAdministering: Sendable {
    /// How many jobs there are of each kind in each state, by kind then state; pairs without a
    /// job are left out.
    func jobCounts() throws -> [JobStateCount]

    /// The failed jobs, by row id, at most `limit` of them.
    func failedJobs(limit: Int) throws -> [FailedJob]

    /// Makes failed jobs pending again in one transaction, due now: every failed job, those of
    /// `kind`, the one with row id `id`, or the one matching both. Their attempts so far stay
    /// counted, so the next attempt draws a new outcome and the retry policy's limit still
    /// applies to it.
    ///
    /// - Throws: ``SyncJobAdministrationError/unknownJob(id:)`` when no job has row id `id`.
    func retryFailedJobs(kind: JobKind?, id: Int64?) throws -> JobRetryReport
}

/// The number of jobs of one kind in one state. Kind and state are the stored text, so jobs of
/// a kind this build does not know are counted too.
public struct JobStateCount: Sendable, Hashable, Codable {
    public var kind: String
    public var state: String
    public var count: Int

    public init(kind: String, state: String, count: Int) {
        self.kind = kind
        self.state = state
        self.count = count
    }
}

/// A job that failed for good, with its last error (its `result`: "gave up: attempt 5 failed
/// after 320 ms", or "cancelled").
public struct FailedJob: Sendable, Hashable, Codable {
    public var id: Int64
    public var kind: String
    public var targetID: Int64
    public var attempts: Int
    public var lastError: String?

    public init(id: Int64, kind: String, targetID: Int64, attempts: Int, lastError: String?) {
        self.id = id
        self.kind = kind
        self.targetID = targetID
        self.attempts = attempts
        self.lastError = lastError
    }
}

/// What ``SyncJobAdministering/retryFailedJobs(kind:id:)`` did: the row ids of the jobs it made
/// pending, ascending.
public struct JobRetryReport: Sendable, Hashable, Codable {
    public var retried: [Int64]

    public init(retried: [Int64]) {
        self.retried = retried
    }
}

/// A job operation that names a job the database does not hold.
public enum SyncJobAdministrationError: Error, Equatable, Sendable, CustomStringConvertible {
    case unknownJob(id: Int64)

    public var description: String {
        switch self {
        case .unknownJob(let id): "no sync job with id \(id) in the database"
        }
    }
}
