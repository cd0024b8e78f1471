import Locking

/// The daemon's notion of time: elapsed time since it started, and a way to wait for a deadline.
///
/// Injected so that library code never reads the wall clock or sleeps for real: the
/// ``VirtualClock`` jumps to each deadline at once (deterministic, as fast as the machine
/// allows); ``RealClock`` waits real time.
public protocol SyncClock: Sendable {
    /// Time elapsed since the clock started.
    func now() -> Duration
    /// Returns once `deadline` has passed (at once for a deadline already past).
    func sleep(until deadline: Duration) async throws
    /// Whether waiting costs no real time (a simulated clock): the worker then batches freely
    /// instead of committing before each wait.
    var isSimulated: Bool { get }
}

extension SyncClock {
    public var isSimulated: Bool { false }
}

/// Simulated time: `sleep(until:)` advances the clock to the deadline immediately.
///
/// Only one consumer (the sync worker) should sleep on it; that is what makes the sequence of
/// times it reports deterministic. `@unchecked`-free: its state is `Locked`.
public final class VirtualClock: SyncClock {
    private let elapsed = Locked<Duration>(.zero)

    public init() {}

    public func now() -> Duration {
        elapsed.withLock { $0 }
    }

    public var isSimulated: Bool { true }

    public func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        elapsed.withLock { $0 = max($0, deadline) }
    }

    /// Moves time forward without a sleeper (tests).
    public func advance(by duration: Duration) {
        elapsed.withLock { $0 += duration }
    }
}

/// Wall-clock time measured with `ContinuousClock` from the moment the clock is made.
public struct RealClock: SyncClock {
    private let start: ContinuousClock.Instant

    public init() {
        start = ContinuousClock.now
    }

    public func now() -> Duration {
        ContinuousClock.now - start
    }

    public func sleep(until deadline: Duration) async throws {
        try await ContinuousClock().sleep(until: start + deadline, tolerance: nil)
    }
}

extension SyncClock where Self == VirtualClock {
    /// A new simulated clock at time zero.
    public static var virtual: VirtualClock { VirtualClock() }
}

extension SyncClock where Self == RealClock {
    /// A new wall clock starting now.
    public static var real: RealClock { RealClock() }
}
