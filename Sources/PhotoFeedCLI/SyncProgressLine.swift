import FeedSync
import Foundation
import Synchronization

/// The daemon's live progress line on stderr — completed, pending, failed, completions per
/// second of wall time — redrawn at most ten times a second, and only when stderr is a terminal.
final class SyncProgressLine: Sendable {
    private struct State {
        var lastDraw: ContinuousClock.Instant?
        var drawn = false
    }

    private let start = ContinuousClock.now
    private let state = Mutex(State())
    private let draw: @Sendable (String) -> Void

    private init(draw: @escaping @Sendable (String) -> Void) {
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
        let rate = seconds > 0 ? Int((Double(progress.completed) / seconds).rounded()) : 0
        draw("\rsync: \(progress.completed) completed, \(progress.pending) pending, "
            + "\(progress.failed) failed, \(rate)/s   ")
    }

    /// Ends the line so the summary starts on its own.
    func finish() {
        if state.withLock({ $0.drawn }) { draw("\n") }
    }
}
