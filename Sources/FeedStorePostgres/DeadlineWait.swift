import NIOPosix
import Locking

/// Waiting for a task's value with a deadline, leaving the task to finish on its own when the
/// deadline comes first (a connection attempt that must run to its own timeout, shared by other
/// waiters; a statement the server never answers).
///
/// The timer and the waiter run on an event loop thread, never on Swift concurrency's
/// cooperative pool: the callers of the synchronous API (the sync worker, commands) may be
/// blocking every thread of that pool while they wait for this very call.
enum DeadlineWait {
    /// `task`'s value, or `timeout()`'s error once `deadline` has passed, whichever comes first.
    static func value<T: Sendable>(of task: Task<T, any Error>, until deadline: ContinuousClock.Instant,
                                   timeout: @escaping @Sendable () -> any Error) async throws -> T {
        let outcome = FirstOutcome<T>()
        let eventLoop = MultiThreadedEventLoopGroup.singleton.next()
        return try await withCheckedThrowingContinuation { continuation in
            outcome.start(continuation)
            let timer = eventLoop.scheduleTask(in: .nanoseconds(Int64(ContinuousClock.now.duration(to: deadline)
                                                                        / .nanoseconds(1)))) {
                outcome.finish(.failure(timeout()))
            }
            Task(executorPreference: EventLoopTaskExecutor(eventLoop: eventLoop)) {
                let result = await task.result
                timer.cancel()
                outcome.finish(result)
            }
        }
    }
}

/// Resumes a continuation with the first outcome it is given, and ignores the rest.
private final class FirstOutcome<T: Sendable>: Sendable {
    private let continuation = Locked<CheckedContinuation<T, any Error>?>(nil)

    func start(_ waiter: CheckedContinuation<T, any Error>) {
        continuation.withLock { $0 = waiter }
    }

    func finish(_ result: Result<T, any Error>) {
        let waiter = continuation.withLock { current in
            defer { current = nil }
            return current
        }
        waiter?.resume(with: result)
    }
}
