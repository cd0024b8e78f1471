import Foundation
import NIOPosix

/// Runs the jobs of the store's synchronous calls (``BlockingBridge``) on threads of the store's
/// own: a NIO thread pool, one thread per core (at least two). Those jobs await the database and
/// also do CPU work (decoding rows, building a `COPY` stream of a hundred thousand rows): on an
/// event loop thread that work would stall every socket of the loop, an HTTP server's included;
/// on Swift concurrency's cooperative pool, callers that block its threads could starve it.
final class StoreTaskExecutor: TaskExecutor {
    static let shared = StoreTaskExecutor(threads: max(2, ProcessInfo.processInfo.activeProcessorCount))

    private let pool: NIOThreadPool

    init(threads: Int) {
        pool = NIOThreadPool(numberOfThreads: threads)
        pool.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        pool.submit { _ in job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
