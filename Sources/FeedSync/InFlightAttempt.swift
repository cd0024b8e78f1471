import FeedModel

/// An attempt in flight: the job, which attempt, and what the simulation decided will happen.
struct InFlightAttempt: Sendable {
    var job: ScheduledJob
    var attempt: Int
    var outcome: AttemptOutcome
}
