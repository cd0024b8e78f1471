import FeedModel
import FeedStore
import Locking
import Logging

/// Logs a database outage once: one `error` line when requests start failing for want of the
/// database (a 503 whose store failure is `unreachable`), with the store's own message, and one
/// `notice` line when a request succeeds again. The requests in between log nothing more.
final class OutageLog: Sendable {
    private let logger: Logger
    private let isDown = Locked(false)

    init(logger: Logger) {
        self.logger = logger
    }

    /// Notes a failed request: the first of an outage logs it.
    func record(_ error: any Error) {
        // A replaced database file is no outage: the server stops and reports it once.
        guard case .unreachable = StoreFailure(error), !(error is DatabaseFileReplaced) else { return }
        guard isDown.withLock({ down in defer { down = true }; return !down }) else { return }
        logger.error("database unavailable: \(StoreFailure(error)?.message() ?? "\(error)")")
    }

    /// Notes a request answered: the first after an outage logs the recovery.
    func recordSuccess() {
        guard isDown.withLock({ down in defer { down = false }; return down }) else { return }
        logger.notice("database available again")
    }
}
