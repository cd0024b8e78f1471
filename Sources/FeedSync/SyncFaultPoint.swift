/// A moment in a sync run where a crash-safety test may stop the process (fault injection).
///
/// The worker reports each point to ``SyncWorker/Configuration/faultInjection`` when one is set;
/// `photofeed sync --crash-at …` (hidden, for tests) raises SIGKILL there, so a test can kill
/// the daemon at exact, reproducible places instead of after real sleeps.
public enum SyncFaultPoint: Hashable, Sendable {
    /// Inside the batch's write transaction, every change applied, the commit not yet made:
    /// a crash here must leave no trace of the batch.
    case beforeCommit(batch: Int)
    /// Right after the batch committed, before the affected cells are laid out again: a crash
    /// here leaves stale cached layouts, which the next run lays out first.
    case afterCommit(batch: Int)

    /// Parses `before-commit:N` or `after-commit:N` (N ≥ 1, counted from the run's start).
    public init?(argument: String) {
        let parts = argument.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let batch = Int(parts[1]), batch >= 1 else { return nil }
        switch parts[0] {
        case "before-commit": self = .beforeCommit(batch: batch)
        case "after-commit": self = .afterCommit(batch: batch)
        default: return nil
        }
    }
}
