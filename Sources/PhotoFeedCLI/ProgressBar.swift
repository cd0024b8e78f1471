import FeedModel
import FeedStore
import Foundation

/// A one-line progress bar redrawn on stderr; drawn only when stderr is a terminal, so pipes and
/// logs never see it (contract: progress bars).
final class ProgressBar: @unchecked Sendable {
    // @unchecked: the lock guards `lastPercent`; the seeder calls from whichever thread the store's
    // writer runs on.
    private let lock = NSLock()
    private var lastPercent = -1
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
        let percent = progress.total == 0 ? 100 : min(100, progress.done * 100 / progress.total)
        lock.lock()
        defer { lock.unlock() }
        guard percent != lastPercent || progress.phase == "done" else { return }
        lastPercent = percent
        let filled = percent * 30 / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: 30 - filled)
        let phase = progress.phase.padding(toLength: 8, withPad: " ", startingAt: 0)
        draw("\r\(label) \(phase) [\(bar)] \(percent)%")
        if progress.phase == "done" { draw("\n") }
    }
}
