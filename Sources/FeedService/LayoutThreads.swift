import Foundation
import NIOPosix
import PhotoFeed

/// The threads that lay out cold cells for the service's requests (``LayoutExecuting``): a NIO
/// thread pool of one thread per core, so at most that many requests lay out at once and the
/// rest wait their turn without holding a thread. A handler awaits its work; Swift concurrency's
/// cooperative threads and the event loops never measure text.
final class LayoutThreads: LayoutExecuting {
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
}
