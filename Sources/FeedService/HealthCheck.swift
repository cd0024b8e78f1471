import FeedModel

/// `/healthz`'s check of the database: any served call that succeeded within the last
/// ``freshness`` (``DatabaseAnswers``) stands for the database answering, so a monitor's probe
/// under load neither reads nor queues behind the requests for a connection; otherwise the probe
/// reads (``FeedServing/ping()``), within the store's deadline. A failed call is never
/// remembered: every probe reads until one succeeds.
final class HealthCheck: Sendable {
    let store: any FeedServing
    let answers: DatabaseAnswers
    let freshness: Duration

    init(store: any FeedServing, answers: DatabaseAnswers, freshness: Duration = .milliseconds(250)) {
        self.store = store
        self.answers = answers
        self.freshness = freshness
    }

    /// Returns when the database has answered within ``freshness``; throws the read's error.
    func check() async throws {
        if answers.answered(within: freshness) { return }
        try await store.ping()
        answers.record()
    }
}
