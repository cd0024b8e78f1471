import FeedModel

/// Running a claimed batch on the simulation clock: attempts, retries held under the lease, and
/// the final write of each job.
extension LeasedSyncWorker {
    /// Runs every job of `claimed` to its final outcome (or until its lease is lost) and commits.
    ///
    /// The jobs start at the simulation clock's now, at most `simulation.concurrency` at once,
    /// in claim order; completions are handled in (time, start order), a retry waits for its
    /// delay in the same queue. With a real simulation clock the decided writes are committed
    /// before each wait, as ``SyncWorker`` does; with a virtual one, once at the end.
    func runBatch(_ claimed: [ScheduledJob]) async throws {
        var waiting = EventQueue<ScheduledJob>()
        var inFlight = EventQueue<InFlightAttempt>()
        let start = clock.now()
        for job in claimed { waiting.schedule(job, at: start) }
        while true {
            let now = clock.now()
            startAttempts(&waiting, &inFlight, at: now)
            guard let next = nextWakeUp(waiting, inFlight) else { break }
            try renewLeasesIfDue()
            if !clock.isSimulated && !batch.isEmpty && next > now {
                try await commit()
            }
            // Wake up for the next renewal too: a long wait must not outlive the lease.
            let untilRenewal = max(.zero, leases.nextRenewal - leaseClock.now())
            try await clock.sleep(until: min(next, clock.now() + untilRenewal))
            complete(&inFlight, retrying: &waiting, through: clock.now())
        }
        try await commit()
    }

    /// The next time something happens: a completion, or a waiting job's due time when a slot
    /// is free.
    private func nextWakeUp(_ waiting: EventQueue<ScheduledJob>, _ inFlight: EventQueue<InFlightAttempt>) -> Duration? {
        let due = inFlight.count < configuration.simulation.concurrency ? waiting.nextDeadline : nil
        return [inFlight.nextDeadline, due].compactMap { $0 }.min()
    }

    /// Starts held jobs that are due by `now` while slots are free; a job whose lease was lost
    /// is dropped.
    private func startAttempts(_ waiting: inout EventQueue<ScheduledJob>, _ inFlight: inout EventQueue<InFlightAttempt>,
                               at now: Duration) {
        let simulation = configuration.simulation
        while inFlight.count < simulation.concurrency, let due = waiting.nextDeadline, due <= now,
              let (_, job) = waiting.popNext() {
            guard leases.holds(job.rowID) else { continue }
            let attempt = job.attemptsDone + 1
            let outcome = simulation.outcome(of: job.key, attempt: attempt, random: random)
            inFlight.schedule(InFlightAttempt(job: job, attempt: attempt, outcome: outcome), at: now + outcome.duration)
        }
    }

    /// Handles every attempt that completes by `now`: a success or a last failure is a final
    /// write; a failure with attempts left waits for its retry.
    private func complete(_ inFlight: inout EventQueue<InFlightAttempt>, retrying waiting: inout EventQueue<ScheduledJob>,
                          through now: Duration) {
        let simulation = configuration.simulation
        while let deadline = inFlight.nextDeadline, deadline <= now, let (time, attempt) = inFlight.popNext() {
            var job = attempt.job
            guard leases.holds(job.rowID) else { continue }
            if attempt.outcome.isSuccess {
                decide(.succeed(job, attempt: attempt.attempt), job)
                continue
            }
            if let delay = simulation.retryDelay(for: job.key, afterAttempt: attempt.attempt, random: random) {
                job.attemptsDone = attempt.attempt
                waiting.schedule(job, at: time + delay)
                retriedInBatch += 1
            } else {
                decide(.giveUp(job, attempt: attempt.attempt, message: "gave up: \(attempt.failureDescription)"), job)
            }
        }
    }

    private func decide(_ operation: SyncBatch.Operation, _ job: ScheduledJob) {
        batch.append(operation)
        decided.insert(job.rowID)
    }
}

extension InFlightAttempt {
    /// How a failed attempt ended, as the job's result says it: `attempt 3 timed out after 5000 ms`.
    var failureDescription: String {
        let how = if case .timedOut = outcome { "timed out" } else { "failed" }
        return "attempt \(attempt) \(how) after \(outcome.duration.roundedMilliseconds) ms"
    }
}
