import FeedModel

/// The simulated network: how long jobs take, how often they fail, when they time out, how they
/// are retried and how many run at once.
///
/// Every outcome is a pure function of `(seed, job, attempt)` through ``OutcomeRandom``.
public struct SyncSimulation: Hashable, Sendable {
    public var imageLatency: LatencyDistribution
    public var geocodeLatency: LatencyDistribution
    /// A comment feed's first page: one API call returning a small JSON page.
    public var commentFeedLatency: LatencyDistribution
    /// Probability in `0 ... 1` that an attempt fails (after its latency).
    public var failureRate: Double
    /// An attempt slower than this is abandoned as timed out (and may be retried).
    public var timeout: Duration
    public var retry: RetryPolicy
    /// How many jobs run at once.
    public var concurrency: Int

    public init(imageLatency: LatencyDistribution = .logNormal(median: .milliseconds(120), sigma: 0.9),
                geocodeLatency: LatencyDistribution = .logNormal(median: .milliseconds(250), sigma: 0.6),
                commentFeedLatency: LatencyDistribution = .logNormal(median: .milliseconds(180), sigma: 0.7),
                failureRate: Double = 0.05, timeout: Duration = .seconds(5), retry: RetryPolicy = RetryPolicy(),
                concurrency: Int = 8) {
        precondition((0 ... 1).contains(failureRate), "failure rate must lie in 0...1")
        precondition(concurrency >= 1, "at least one job must be able to run")
        self.imageLatency = imageLatency
        self.geocodeLatency = geocodeLatency
        self.commentFeedLatency = commentFeedLatency
        self.failureRate = failureRate
        self.timeout = timeout
        self.retry = retry
        self.concurrency = concurrency
    }

    /// What happens to one attempt of a job.
    public func outcome(of job: JobKey, attempt: Int, random: OutcomeRandom) -> AttemptOutcome {
        let distribution = latency(of: job.kind)
        let latency = distribution.sample(random.unit(job: job, attempt: attempt, draw: .latency),
                                          random.unit(job: job, attempt: attempt, draw: .latencyPair))
        if latency > timeout { return .timedOut(after: timeout) }
        if random.unit(job: job, attempt: attempt, draw: .failure) < failureRate { return .failed(after: latency) }
        return .succeeded(after: latency)
    }

    /// The latency distribution of a kind of job (an avatar is an image download).
    public func latency(of kind: JobKind) -> LatencyDistribution {
        switch kind {
        case .image, .avatar: imageLatency
        case .geocode: geocodeLatency
        case .commentFeed: commentFeedLatency
        }
    }

    /// When the attempt after a failed `attempt` may start, relative to the failure; `nil` when
    /// the job has used all its attempts.
    public func retryDelay(for job: JobKey, afterAttempt attempt: Int, random: OutcomeRandom) -> Duration? {
        guard retry.allowsRetry(afterAttempt: attempt) else { return nil }
        return retry.delay(afterAttempt: attempt, jitterUnit: random.unit(job: job, attempt: attempt, draw: .jitter))
    }
}

/// The result of one simulated attempt and how long it took.
public enum AttemptOutcome: Hashable, Sendable {
    case succeeded(after: Duration)
    case failed(after: Duration)
    case timedOut(after: Duration)

    public var duration: Duration {
        switch self {
        case .succeeded(let d), .failed(let d), .timedOut(let d): d
        }
    }

    public var isSuccess: Bool {
        if case .succeeded = self { return true }
        return false
    }
}
