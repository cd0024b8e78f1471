import FeedModel
import Synchronization
import Testing

/// A follower of the change log reads when the watcher says something was committed, when it
/// cannot tell, and at least every fallback interval.
@Suite struct ChangeLogWakeUpsTests {
    final class Watcher: ChangeWatching {
        let current = Mutex<Int64?>(0)
        func version() throws -> Int64 {
            guard let version = current.withLock({ $0 }) else { throw Unreadable() }
            return version
        }
        struct Unreadable: Error {}
    }

    @Test func aCommitTheWatcherSawOrCannotTellOrTheFallbackIsDue() {
        let watcher = Watcher()
        let start = ContinuousClock.now
        var wakeUps = ChangeLogWakeUps(watcher: watcher, fallback: .seconds(1), now: start)

        var due: [Bool] = []
        due.append(wakeUps.isDue(at: start + .milliseconds(20)))
        watcher.current.withLock { $0 = 1 }
        due.append(wakeUps.isDue(at: start + .milliseconds(40)))
        due.append(wakeUps.isDue(at: start + .milliseconds(60)))
        due.append(wakeUps.isDue(at: start + .milliseconds(1_040)))  // a second after the last read
        watcher.current.withLock { $0 = nil }
        due.append(wakeUps.isDue(at: start + .milliseconds(1_060)))  // a watcher that cannot tell
        var unwatched = ChangeLogWakeUps(watcher: nil, fallback: .seconds(1), now: start)
        due.append(unwatched.isDue(at: start + .milliseconds(20)))

        #expect(due == [false, true, false, true, true, true])
    }
}
