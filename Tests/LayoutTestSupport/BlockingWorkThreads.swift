import Foundation

/// Threads of the tests' own for work that blocks its thread: a command run in-process (its
/// synchronous store calls, and the worker it starts), a sync worker whose store calls wait for
/// SQLite. Run on Swift concurrency's cooperative pool, which has one thread per core (two here),
/// such work held every thread for tens of seconds while the rest of the suite waited; under
/// ``run(_:)`` (or a suite's ``BlockingWorkTrait``) it runs here, and the cooperative threads stay
/// free.
public final class BlockingWorkThreads: TaskExecutor, @unchecked Sendable {
    /// Three threads: one more than the machine's two cores, so that a test waiting on
    /// PostgreSQL or a child process leaves both cores busy; more let CPU-bound tests contend
    /// and stretch the whole run.
    public static let shared = BlockingWorkThreads(count: 3)

    /// Guards ``jobs``; waited on by idle threads.
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    private init(count: Int) {
        for index in 0 ..< count {
            let thread = Thread { [unowned self] in self.work() }
            thread.name = "blocking work \(index)"
            thread.start()
        }
    }

    /// Runs `body` with its task's jobs (and those of the default actors it calls) on these threads.
    public static func run<T: Sendable>(_ body: () async -> T) async -> T {
        await withTaskExecutorPreference(shared) { await body() }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
