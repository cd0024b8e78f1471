import NIOConcurrencyHelpers
import NIOCore
import NIOPosix

/// The bridge from the store's synchronous API (``FeedReading`` and the rest, which the commands
/// and the sync worker call on threads of their own) to its asynchronous internals: it runs the
/// body in a task whose jobs run on the store's threads (``StoreTaskExecutor``) and blocks the
/// calling thread until the task finishes.
///
/// The synchronous API is for threads that may block. The server never calls it: its requests
/// read through ``FeedServing``, whose calls suspend instead. A caller on a thread of Swift
/// concurrency's cooperative pool (a test's async function) blocks that thread, but the work it
/// waits for runs on the store's threads, so callers that occupy every pool thread cannot starve
/// it, and its CPU work never stalls an event loop's sockets.
/// A call from an event loop thread would wait for work queued behind itself: that is a
/// programmer error (a precondition).
///
/// The body may capture values that are not `Sendable`: the caller does nothing until the task
/// has finished with them.
enum BlockingBridge {
    static func run<T>(_ body: () async throws -> T) throws -> T {
        precondition(MultiThreadedEventLoopGroup.currentEventLoop == nil,
                     "a synchronous PostgreSQL store call must not run on an event loop thread")
        return try withoutActuallyEscaping(body) { body in
            let call = BridgedCall(body)
            Task(executorPreference: StoreTaskExecutor.shared) { await call.run() }
            return try call.outcome()
        }
    }
}

/// One bridged call: its body, run once by the task, and the outcome the caller waits for.
///
/// Unchecked: the body and the outcome are handed from the caller to the task and back under
/// the condition lock (the caller touches neither between starting the task and the outcome).
private final class BridgedCall<T>: @unchecked Sendable {
    private var body: (() async throws -> T)?
    private var result: Result<T, any Error>?
    private let finished = ConditionLock(value: false)

    init(_ body: @escaping () async throws -> T) {
        self.body = body
    }

    /// Runs the body and releases it (``BlockingBridge`` lends it without escaping), then
    /// hands over the outcome.
    func run() async {
        let outcome = await Self.perform(takeBody())
        finished.lock()
        result = outcome
        finished.unlock(withValue: true)
    }

    /// Blocks until ``run()`` has finished; returns or throws the body's outcome.
    func outcome() throws -> T {
        finished.lock(whenValue: true)
        defer { finished.unlock() }
        return try result!.get()
    }

    private func takeBody() -> () async throws -> T {
        finished.lock()
        defer { body = nil; finished.unlock() }
        return body!
    }

    private static func perform(_ body: () async throws -> T) async -> Result<T, any Error> {
        do {
            return .success(try await body())
        } catch {
            return .failure(error)
        }
    }
}
