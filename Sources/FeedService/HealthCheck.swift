import FeedModel
import Locking

/// `/healthz`'s check of the database: a read (``FeedServing/ping()``) that succeeded within the
/// last ``freshness`` stands for the database answering, so a monitor's probe under load does not
/// queue behind the requests for the readers; otherwise the probe reads, within the store's
/// deadline. A failed read is never remembered: every probe reads until one succeeds.
final class HealthCheck: Sendable {
    let store: any FeedServing
    let freshness: Duration
    private let lastAnswer = Locked<ContinuousClock.Instant?>(nil)

    init(store: any FeedServing, freshness: Duration = .milliseconds(250)) {
        self.store = store
        self.freshness = freshness
    }

    /// Returns when the database has answered a read within ``freshness``; throws the read's error.
    func check() async throws {
        if let last = lastAnswer.withLock({ $0 }), ContinuousClock.now - last < freshness { return }
        try await store.ping()
        let now = ContinuousClock.now
        lastAnswer.withLock { last in last = max(last ?? now, now) }
    }
}
