import Locking

/// When the database last answered the service: the end of its last served call that succeeded
/// (``DeadlineServing`` records each), so that `/healthz` (``HealthCheck``) under load reads
/// nothing while requests are being answered.
final class DatabaseAnswers: Sendable {
    private let last = Locked<ContinuousClock.Instant?>(nil)

    func record(at now: ContinuousClock.Instant = .now) {
        last.withLock { last in last = max(last ?? now, now) }
    }

    /// Whether an answer came within `interval` before `now`.
    func answered(within interval: Duration, now: ContinuousClock.Instant = .now) -> Bool {
        guard let last = last.withLock({ $0 }) else { return false }
        return now - last < interval
    }
}
