/// The time that paces a worker's status log (``SyncStatusLog``): its progress lines come one
/// ``SyncWorker/Configuration/logInterval`` of this time apart, and their rate is per second of
/// it. Only differences of it are used.
///
/// Wall time in production (``continuous``), so a run on a ``VirtualClock``, which can pass hours
/// of simulated time in a second, logs at the pace an operator reads rather than a line per
/// interval of simulated time. Tests inject a time of their own.
///
/// ```swift
/// configuration.logClock = SyncLogClock { clock.now() }  // pace by the worker's own clock
/// ```
public struct SyncLogClock: Sendable {
    /// The time now, from any fixed origin.
    public var now: @Sendable () -> Duration

    public init(now: @escaping @Sendable () -> Duration) {
        self.now = now
    }

    /// Wall time: a `ContinuousClock`'s, from when this value was first used.
    public static let continuous: SyncLogClock = {
        let origin = ContinuousClock.now
        return SyncLogClock { ContinuousClock.now - origin }
    }()
}
