import FeedSync
import Locking

/// Cancels the daemon's task when a stop signal arrives, even one that arrives before the task
/// exists: the signal handler is installed first thing, so a SIGTERM during start-up (while the
/// database opens) stops the daemon cleanly instead of killing it.
final class SyncStopSwitch: Sendable {
    private let state = Locked<(task: Task<SyncReport, any Error>?, stopped: Bool)>((nil, false))

    /// Stops the task, now if it runs, or as soon as it is attached.
    func stop() {
        let task = state.withLock { state -> Task<SyncReport, any Error>? in
            state.stopped = true
            return state.task
        }
        task?.cancel()
    }

    /// Attaches the task; cancels it at once if a stop came first.
    func attach(_ task: Task<SyncReport, any Error>) {
        let stopped = state.withLock { state -> Bool in
            state.task = task
            return state.stopped
        }
        if stopped { task.cancel() }
    }
}
