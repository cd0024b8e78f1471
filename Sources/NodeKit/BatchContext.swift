import Synchronization

/// The state of one batch fetch, shared with the code that fetches (Texture's `ASBatchContext`).
///
/// A new context is ``State-swift.enum/completed`` (not fetching). `complete(true)` finishes a
/// fetch; `complete(false)` leaves it fetching, as in Texture. Cancelling makes room for a new
/// fetch. `@unchecked Sendable` because the state lives in a `Mutex`: the fetch completes on
/// whatever thread the data arrives on.
public final class BatchContext: @unchecked Sendable {
    public enum State: Sendable, Hashable {
        case fetching
        case cancelled
        case completed
    }

    private let stateStorage = Mutex(State.completed)

    public init() {}

    public var state: State { stateStorage.withLock { $0 } }

    /// Whether a fetch is in progress.
    public var isFetching: Bool { state == .fetching }

    /// Whether the last fetch was cancelled.
    public var batchFetchingWasCancelled: Bool { state == .cancelled }

    /// Marks a fetch as started.
    public func beginBatchFetching() { stateStorage.withLock { $0 = .fetching } }

    /// Ends the fetch when `didComplete`; otherwise does nothing (Texture keeps fetching).
    public func completeBatchFetching(_ didComplete: Bool) {
        if didComplete { stateStorage.withLock { $0 = .completed } }
    }

    /// Abandons the fetch so that a new one may start.
    public func cancelBatchFetching() { stateStorage.withLock { $0 = .cancelled } }
}
