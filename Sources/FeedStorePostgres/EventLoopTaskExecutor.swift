import NIOCore

/// Runs a task's jobs on one NIO event loop thread. The store runs its postgres-nio client
/// (``PostgresStoreClient``) and the change watcher's listening task there, so that a caller
/// waiting for them (on any thread, a thread of Swift concurrency's cooperative pool included)
/// never waits for a pool thread that another waiting caller occupies.
///
/// The jobs only await, never block: the event loop stays free to move bytes.
final class EventLoopTaskExecutor: TaskExecutor {
    let eventLoop: any EventLoop

    init(eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
