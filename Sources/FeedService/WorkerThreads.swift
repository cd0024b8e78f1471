import Foundation
import NIOPosix
import PhotoFeed

/// Threads made for work that must not run on Swift concurrency's cooperative threads or the
/// event loops: a NIO thread pool. The service lays out cold cells on one (``LayoutExecuting``:
/// one thread per core, so at most that many requests lay out at once and the rest wait without
/// holding a thread), and runs the in-process sync worker on another (a ``TaskExecutor``: the
/// worker's store calls are synchronous and hold their thread while the database works).
final class WorkerThreads: LayoutExecuting, TaskExecutor {
    private let pool: NIOThreadPool

    init(threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        pool = NIOThreadPool(numberOfThreads: max(1, threads))
        pool.start()
    }

    deinit {
        pool.shutdownGracefully { _ in }
    }

    func run<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
        try await pool.runIfActive(work)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pool.submit { _ in job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
