/// When ``SyncWorker/run(until:progress:)`` returns.
public enum SyncStopCondition: Hashable, Sendable {
    /// Once no job is pending or running (jobs added meanwhile are picked up first).
    case idle
    /// Once the worker's clock reaches this time; attempts still in flight go back to pending.
    case duration(Duration)
    /// Only when the task running the worker is cancelled; polls for new jobs while idle.
    case cancelled
}
