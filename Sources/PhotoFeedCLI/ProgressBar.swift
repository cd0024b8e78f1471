import FeedModel
import FeedStore
import Foundation

/// A one-line progress bar redrawn on stderr, with the time left at the rate so far
/// (``ProgressEstimate``); drawn only when stderr is a terminal, so pipes and logs never see it
/// (contract: progress bars).
final class ProgressBar: @unchecked Sendable {
    // @unchecked: the lock guards `lastPercent`; the seeder calls from whichever thread the store's
    // writer runs on.
    private let lock = NSLock()
    private var lastPercent = -1
    private let start = ContinuousClock.now
    private let label: String
    private let draw: @Sendable (String) -> Void

    init(label: String, draw: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.draw = draw
    }

    /// A handler for the seeder that draws through ``CommandOutput/current``, or nil where it
    /// shows no progress.
    static func handler(label: String) -> SeedProgress.Handler? {
        guard let draw = CommandOutput.current.progress else { return nil }
        let bar = ProgressBar(label: label, draw: draw)
        return { bar.update($0) }
    }

    func update(_ progress: SeedProgress) {
        let elapsed = ContinuousClock.now - start
        let estimate = ProgressEstimate(done: progress.done, total: progress.total,
                                        elapsed: Double(elapsed.components.seconds)
                                            + Double(elapsed.components.attoseconds) / 1e18)
        lock.lock()
        defer { lock.unlock() }
        guard estimate.percent != lastPercent || progress.phase == "done" else { return }
        lastPercent = estimate.percent
        draw("\r" + Self.text(label: label, phase: progress.phase, estimate: estimate) + "   ")
        if progress.phase == "done" { draw("\n") }
    }

    /// `seeding photos   [#############.................] 45% · ETA 11 s`
    static func text(label: String, phase: String, estimate: ProgressEstimate) -> String {
        let filled = estimate.percent * 30 / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
        return "\(label) \(phase.padding(toLength: 8, withPad: " ", startingAt: 0)) [\(bar)] \(estimate.text)"
    }
}
