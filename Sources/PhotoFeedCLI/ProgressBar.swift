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

    init(label: String) {
        self.label = label
    }

    /// A handler for the seeder, or nil when stderr is not a terminal.
    static func handler(label: String) -> FeedStore.ProgressHandler? {
        guard StandardError.isTerminal else { return nil }
        let bar = ProgressBar(label: label)
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
        StandardError.write("\r\(label) \(phase) [\(bar)] \(percent)%")
        if progress.phase == "done" { StandardError.write("\n") }
    }
}
