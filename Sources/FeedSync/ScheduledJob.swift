/// A job as the worker holds it in memory between loading and its final commit.
struct ScheduledJob: Sendable {
    /// The `sync_job` row id.
    var rowID: Int64
    var key: JobKey
    /// Attempts already finished (and committed, or queued in the current batch).
    var attemptsDone: Int
    /// The coordinates of a geocode job's location (nil for other kinds, or a missing location).
    var coordinate: Coordinate?

    struct Coordinate: Hashable, Sendable {
        var latitude: Double
        var longitude: Double
    }
}

/// An attempt in flight: the job, which attempt, and what the simulation decided will happen.
struct InFlightAttempt: Sendable {
    var job: ScheduledJob
    var attempt: Int
    var outcome: AttemptOutcome
}
