/// Exponential backoff with jitter, up to a number of attempts.
///
/// The delay before attempt `n + 1` is `min(maxDelay, baseDelay × multiplier^(n−1))` scaled by a
/// jitter factor in `[1 − jitter, 1]` ("equal jitter" for `jitter = 0.5`), which spreads retries
/// of jobs that failed together without ever retrying sooner than half the nominal delay.
///
/// ```swift
/// let policy = RetryPolicy(maxAttempts: 4, baseDelay: .milliseconds(200))
/// policy.delay(afterAttempt: 2, jitterUnit: 0.5)   // 300 ms
/// ```
public struct RetryPolicy: Hashable, Sendable {
    /// Attempts in all, the first included; a job failing its last attempt fails for good.
    public var maxAttempts: Int
    public var baseDelay: Duration
    public var multiplier: Double
    public var maxDelay: Duration
    /// The share of the delay that is randomized, in `0 ... 1`.
    public var jitter: Double

    public init(maxAttempts: Int = 5, baseDelay: Duration = .milliseconds(250), multiplier: Double = 2,
                maxDelay: Duration = .seconds(30), jitter: Double = 0.5) {
        precondition(maxAttempts >= 1, "a job needs at least one attempt")
        precondition((0 ... 1).contains(jitter), "jitter must lie in 0...1")
        self.maxAttempts = maxAttempts
        self.baseDelay = baseDelay
        self.multiplier = multiplier
        self.maxDelay = maxDelay
        self.jitter = jitter
    }

    /// Whether a job that failed `attempt` (1-based) may run again.
    public func allowsRetry(afterAttempt attempt: Int) -> Bool {
        attempt < maxAttempts
    }

    /// The wait before the attempt after `attempt`, for a uniform `jitterUnit` in `[0, 1)`.
    public func delay(afterAttempt attempt: Int, jitterUnit: Double) -> Duration {
        var nominal = baseDelay
        for _ in 1 ..< max(attempt, 1) {
            nominal = nominal * multiplier
            if nominal >= maxDelay { break }
        }
        let capped = min(nominal, maxDelay)
        return capped * (1 - jitter * jitterUnit)
    }
}
