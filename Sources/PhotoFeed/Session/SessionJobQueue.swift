import FeedModel
import FeedSync

/// The sync daemon as one feed session sees it: the jobs the session asked for, run through the
/// simulated network (``SyncSimulation``) on the session's virtual clock.
///
/// A job becomes due when the session requests it (a cell entered the preload range), and
/// starts as soon as one of the simulation's `concurrency` slots is free, in the order the jobs
/// were requested; its attempt ends after the simulated latency, drawn from ``OutcomeRandom``
/// with the session's seed, the job and the attempt number, so a seed gives the same session
/// every time. A failed or timed-out attempt is retried after the retry policy's delay, until
/// the policy gives up. Events between two steps happen at their own times: a slot freed
/// halfway through a step's interval starts the next job then, not at the step.
///
/// The queue only decides outcomes; what a completion changes is the session source's
/// business (``FeedSessionSource/complete(_:cell:)``).
struct SessionJobQueue {
    /// How a requested job ended.
    struct Result: Hashable, Sendable {
        var job: JobKey
        /// Whether the job's last attempt succeeded (else the policy gave up).
        var succeeded: Bool
        /// When it ended.
        var time: Duration
        /// Attempts made, the last included.
        var attempts: Int
    }

    private struct Attempt: Sendable {
        var job: JobKey
        var number: Int
        var outcome: AttemptOutcome
    }

    let simulation: SyncSimulation
    let random: OutcomeRandom
    /// Every job ever requested (a job is requested once, however many cells want it).
    private(set) var requested: Set<JobKey> = []
    /// Jobs waiting for their due time and a free slot, with the attempt they start next.
    private var waiting = EventQueue<(job: JobKey, attempt: Int)>()
    private var inFlight = EventQueue<Attempt>()
    /// The time of the last event handled.
    private var now: Duration = .zero

    init(simulation: SyncSimulation, seed: UInt64) {
        self.simulation = simulation
        random = OutcomeRandom(seed: seed)
    }

    /// Jobs running now.
    var runningCount: Int { inFlight.count }
    /// Jobs requested and not started (or waiting to be retried).
    var waitingCount: Int { waiting.count }

    /// Asks for `job` at `time` (the current step's time); a job asked for before is ignored.
    /// Returns whether it was new.
    @discardableResult
    mutating func request(_ job: JobKey, at time: Duration) -> Bool {
        guard requested.insert(job).inserted else { return false }
        waiting.schedule((job, 1), at: max(time, now))
        return true
    }

    /// Runs the simulated daemon up to `time`: starts due jobs while slots are free and ends the
    /// attempts whose latency has passed, event by event in time order. Returns the jobs that
    /// ended, in the order they ended.
    mutating func advance(to time: Duration) -> [Result] {
        var ended: [Result] = []
        while true {
            startDueJobs()
            let nextCompletion = inFlight.nextDeadline
            let nextStart = inFlight.count < simulation.concurrency ? waiting.nextDeadline : nil
            guard let next = [nextCompletion, nextStart].compactMap({ $0 }).min(), next <= time else { break }
            now = max(now, next)
            if let completion = nextCompletion, completion <= now, let (deadline, attempt) = inFlight.popNext() {
                if attempt.outcome.isSuccess {
                    ended.append(Result(job: attempt.job, succeeded: true, time: deadline, attempts: attempt.number))
                } else if let delay = simulation.retryDelay(for: attempt.job, afterAttempt: attempt.number,
                                                            random: random) {
                    waiting.schedule((attempt.job, attempt.number + 1), at: deadline + delay)
                } else {
                    ended.append(Result(job: attempt.job, succeeded: false, time: deadline, attempts: attempt.number))
                }
            }
        }
        now = max(now, time)
        return ended
    }

    /// Starts the waiting jobs that are due at the time of the last ``advance(to:)`` while
    /// slots are free (jobs just requested); what ends is reported by the next ``advance(to:)``.
    mutating func startDueJobs() {
        while inFlight.count < simulation.concurrency, let due = waiting.nextDeadline, due <= now,
              let (_, next) = waiting.popNext() {
            let outcome = simulation.outcome(of: next.job, attempt: next.attempt, random: random)
            inFlight.schedule(Attempt(job: next.job, number: next.attempt, outcome: outcome),
                              at: now + outcome.duration)
        }
    }
}
