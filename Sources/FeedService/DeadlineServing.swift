import FeedModel
import Locking
import NIOCore
import NIOPosix

/// A store whose every served read and write answers within a deadline (``FeedServing``): past it
/// the call fails with ``StoreDeadlineExceeded`` (a ``StoreFailure/unreachable(message:)``, which
/// the service answers 503 with `Retry-After`) and the work is cancelled. A database that stops
/// answering (a PostgreSQL server gone or partitioned, a SQLite lock held too long) costs a request
/// the deadline, not whatever the store's own timeouts add up to.
///
/// A call's deadline is ``deadline`` plus ``perRow`` for each row it reads or writes (a page of
/// 10,000 items is legitimately slower than one of 20); the layout cache report, a scan of the
/// whole cache, gets ``reportDeadline``. Each call that succeeds is recorded in ``answers``.
struct DeadlineServing: FeedServing {
    let store: any FeedServing
    let deadline: Duration
    var perRow: Duration = .milliseconds(2)
    var reportDeadline: Duration = .seconds(30)
    let answers = DatabaseAnswers()

    func pageRows(after cursor: FeedCursor?, limit: Int, commentLimit: Int, slot: LayoutSlot) async throws -> FeedRows {
        try await within(rows: limit) { [store] in
            try await store.pageRows(after: cursor, limit: limit, commentLimit: commentLimit, slot: slot)
        }
    }

    func itemRows(photoID: Int64, commentLimit: Int, slot: LayoutSlot) async throws -> FeedRows {
        try await within(rows: 1) { [store] in
            try await store.itemRows(photoID: photoID, commentLimit: commentLimit, slot: slot)
        }
    }

    func storeLayouts(_ entries: [(key: LayoutCacheKey, layout: CachedLayout)]) async throws {
        try await within(rows: entries.count) { [store] in try await store.storeLayouts(entries) }
    }

    func countLayoutAccess(hits: Int, misses: Int) {
        store.countLayoutAccess(hits: hits, misses: misses)
    }

    func ping() async throws {
        try await within(rows: 0) { [store] in try await store.ping() }
    }

    func servedLayoutCacheReport(engineVersion: Int) async throws -> LayoutCacheReport {
        try await within(reportDeadline) { [store] in
            try await store.servedLayoutCacheReport(engineVersion: engineVersion)
        }
    }

    func servedJobCounts() async throws -> [JobStateCount] {
        try await within(rows: 0) { [store] in try await store.servedJobCounts() }
    }

    func servedWorkerCounts() async throws -> [SyncWorkerCounts] {
        try await within(rows: 0) { [store] in try await store.servedWorkerCounts() }
    }

    /// ``within(_:_:)`` the deadline of a call on `rows` rows.
    private func within<T: Sendable>(rows: Int, _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        try await within(deadline + perRow * rows, work)
    }

    /// The result of `work`, or ``StoreDeadlineExceeded`` once `deadline` has passed, whichever
    /// comes first. `work` runs in a task of its own, so a call that ignores cancellation still
    /// cannot hold the caller past the deadline. The deadline is a timer on an event loop.
    private func within<T: Sendable>(_ deadline: Duration,
                                     _ work: @escaping @Sendable () async throws -> T) async throws -> T {
        let race = DeadlineRace<T>()
        let answers = answers
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let timer = MultiThreadedEventLoopGroup.singleton.any()
                    .scheduleTask(in: .nanoseconds(Int64(deadline / .nanoseconds(1)))) {
                    race.finish(.failure(StoreDeadlineExceeded(deadline: deadline)))
                }
                race.start(continuation, timer: timer, work: Task {
                    do {
                        let value = try await work()
                        answers.record()
                        race.finish(.success(value))
                    } catch {
                        race.finish(.failure(error))
                    }
                })
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }
}

/// The first of a call's outcome and its deadline: resumes the caller once, then cancels the
/// call's task and the timer.
private final class DeadlineRace<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var outcome: Result<T, any Error>?
        var work: Task<Void, Never>?
        var timer: Scheduled<Void>?
    }

    private let state = Locked(State())

    func start(_ continuation: CheckedContinuation<T, any Error>, timer: Scheduled<Void>, work: Task<Void, Never>) {
        let early = state.withLock { state -> Result<T, any Error>? in
            state.work = work
            state.timer = timer
            guard let outcome = state.outcome else {
                state.continuation = continuation
                return nil
            }
            return outcome
        }
        if let early {
            work.cancel()
            timer.cancel()
            continuation.resume(with: early)
        }
    }

    func finish(_ outcome: Result<T, any Error>) {
        let (continuation, work, timer) = state.withLock { state in
            guard state.outcome == nil else {
                return (CheckedContinuation<T, any Error>?.none, Task<Void, Never>?.none, Scheduled<Void>?.none)
            }
            state.outcome = outcome
            defer { state.continuation = nil }
            return (state.continuation, state.work, state.timer)
        }
        work?.cancel()
        timer?.cancel()
        continuation?.resume(with: outcome)
    }
}

/// A store call that did not answer within the service's deadline.
public struct StoreDeadlineExceeded: Error, StoreFailureConvertible {
    public let deadline: Duration

    public var storeFailure: StoreFailure {
        .unreachable(message: "the database did not answer within \(deadline)")
    }
}
