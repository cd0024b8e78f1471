import FeedSync
import Foundation
import Locking

/// The daemon's live progress line on stderr — the share of its jobs ended, completed,
/// pending, failed, completions per second of wall time and the time left at that rate
/// (``ProgressEstimate``) — redrawn at most ten times a second, and only when stderr is a
/// terminal.
///
/// ```
/// sync: 45% · ETA 11 s · 3210 completed, 3900 pending, 12 failed · 602/s
/// ```
final class SyncProgressLine: Sendable {
    private struct State {
        var lastDraw: ContinuousClock.Instant?
        var drawn = false
    }

    private let start = ContinuousClock.now
    private let state = Locked(State())
    private let draw: @Sendable (String) -> Void

    init(draw: @escaping @Sendable (String) -> Void) {
        self.draw = draw
    }

    /// A progress line drawn through ``CommandOutput/current``, or nil where it shows no progress.
    static func handler() -> SyncProgressLine? {
        CommandOutput.current.progress.map(SyncProgressLine.init(draw:))
    }

    func update(_ progress: SyncProgress) {
        let now = ContinuousClock.now
        let due = state.withLock { state -> Bool in
            if let last = state.lastDraw, now - last < .milliseconds(100) { return false }
            state.lastDraw = now
            state.drawn = true
            return true
        }
        guard due else { return }
        let seconds = Double((now - start).components.attoseconds) / 1e18 + Double((now - start).components.seconds)
        draw("\r" + Self.text(progress, elapsed: seconds) + "   ")
    }

    /// The line for `progress` after `elapsed` seconds of wall time. The jobs in all are those
    /// ended (completed or failed for good) and those the queue still holds (pending, or running
    /// under any worker).
    static func text(_ progress: SyncProgress, elapsed: Double) -> String {
        let ended = progress.completed + progress.failed
        let estimate = ProgressEstimate(done: ended, total: ended + progress.pending, elapsed: elapsed)
        let rate = elapsed > 0 ? Int((Double(progress.completed) / elapsed).rounded()) : 0
        return "sync: \(estimate.text) · \(progress.completed) completed, \(progress.pending) pending, "
            + "\(progress.failed) failed · \(rate)/s"
    }

    /// Ends the line so the summary starts on its own.
    func finish() {
        if state.withLock({ $0.drawn }) { draw("\n") }
    }
}
