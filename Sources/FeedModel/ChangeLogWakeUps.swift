/// When a follower of a store's change log reads it again: when the store's change watcher says
/// something was committed since the last read (or cannot tell), and at least every `fallback`
/// whatever it says. The server's change hub and `photofeed changes --follow` ask it at every
/// poll.
///
/// ```swift
/// var wakeUps = ChangeLogWakeUps(watcher: watcher, fallback: .seconds(1), now: clock.now)
/// if wakeUps.isDue(at: clock.now) { /* read the log */ }
/// ```
public struct ChangeLogWakeUps<Instant: InstantProtocol> where Instant.Duration == Duration {
    private let watcher: (any ChangeWatching)?
    private let fallback: Duration
    private var version: Int64?
    private var lastRead: Instant

    /// - Parameter watcher: nil where no watcher exists: every poll reads.
    public init(watcher: (any ChangeWatching)?, fallback: Duration, now: Instant) {
        self.watcher = watcher
        self.fallback = fallback
        version = try? watcher?.version()
        lastRead = now
    }

    /// Whether to read the log now; when it is, the next poll compares with this one.
    public mutating func isDue(at now: Instant) -> Bool {
        let current = try? watcher?.version()
        guard watcher == nil || current == nil || current != version || lastRead.duration(to: now) >= fallback
        else { return false }
        version = current
        lastRead = now
        return true
    }
}
