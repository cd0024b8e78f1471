/// Maps the worker's clock (time since it started) to the store's job times (integer
/// milliseconds since 1970) and back.
///
/// The virtual clock starts at zero, so a virtual run takes its origin from the jobs themselves
/// (the earliest pending `next_run_at`) and never reads the wall clock; a real run takes the
/// wall-clock time at start. Times that lie before the origin map to negative durations, which
/// every clock treats as "already due".
public struct SyncTimeline: Hashable, Sendable {
    /// The store time, in milliseconds since 1970, of the clock's zero.
    public var originMilliseconds: Int64

    public init(originMilliseconds: Int64) {
        self.originMilliseconds = originMilliseconds
    }

    /// The store time of a clock time, rounded up to the next whole millisecond (a job is never
    /// recorded as due before it is).
    public func milliseconds(at time: Duration) -> Int64 {
        originMilliseconds + time.wholeMillisecondsRoundedUp
    }

    /// The clock time of a store time.
    public func time(atMilliseconds milliseconds: Int64) -> Duration {
        .milliseconds(milliseconds - originMilliseconds)
    }
}

/// Where a worker's timeline starts.
public enum SyncTimeOrigin: Hashable, Sendable {
    /// At the earliest `next_run_at` of the pending jobs (virtual runs: no wall clock involved).
    case earliestPendingJob
    /// At a given store time (real runs: the wall-clock time at start).
    case milliseconds(Int64)
}

extension Duration {
    /// Whole milliseconds, rounded towards positive infinity.
    var wholeMillisecondsRoundedUp: Int64 {
        let (seconds, attoseconds) = components
        let perMillisecond: Int64 = 1_000_000_000_000_000
        var milliseconds = seconds * 1000 + attoseconds / perMillisecond
        if attoseconds % perMillisecond > 0 { milliseconds += 1 }
        return milliseconds
    }

    /// Whole milliseconds, rounded to nearest (for messages).
    var roundedMilliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + Int64((Double(attoseconds) / 1e15).rounded())
    }
}
