import Synchronization

/// A clock whose sleeps wait until the test opens its gate; once open, every sleep returns at
/// once. A test holds a component between two steps with it (the change watcher's wait before it
/// reconnects) instead of racing a real delay.
final class GatedClock: Clock, Sendable {
    typealias Instant = ContinuousClock.Instant

    private let gate = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    var now: Instant { ContinuousClock.now }
    var minimumResolution: Duration { .zero }

    func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        await withCheckedContinuation { continuation in
            let isOpen = gate.withLock { gate in
                if !gate.open { gate.waiting.append(continuation) }
                return gate.open
            }
            if isOpen { continuation.resume() }
        }
    }

    /// Lets every sleep under way, and every later one, return.
    func open() {
        let waiting = gate.withLock { gate in
            gate.open = true
            defer { gate.waiting = [] }
            return gate.waiting
        }
        for continuation in waiting { continuation.resume() }
    }
}
