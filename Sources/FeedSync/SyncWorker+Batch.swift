import FeedModel

/// Running a claimed batch on the simulation clock: attempts, retries held under the lease, and
/// the final write of each job.
extension SyncWorker {
    /// Runs every job of `claimed` to its final outcome (or until its lease is lost) and commits;
    /// returns false when the run's `stop` time came first (the jobs not finished stay held, for
    /// ``finish()`` to give back).
    ///
    /// The jobs start at the simulation clock's now, at most `simulation.concurrency` at once,
    /// in claim order; completions are handled in (time, start order), a retry waits for its
    /// delay in the same queue. With a real simulation clock the decided writes are committed
    /// before each wait; with a virtual one, once at the end.
    func runBatch(_ claimed: [ScheduledJob], until stop: SyncStopCondition) async throws -> Bool {
        let start = clock.now()
        for job in claimed { waiting.schedule(job, at: start) }
        while true {
            let now = clock.now()
            startAttempts(at: now)
            guard let next = nextWakeUp() else { break }
            if case .duration(let limit) = stop, next > limit {
                try await commit()
                try await clock.sleep(until: limit)
                return false
            }
            try renewLeasesIfDue()
            if !clock.isSimulated && !batch.isEmpty && next > now {
                try await commit()
            }
            try await clock.sleep(until: wakeUp(for: next))
            complete(through: clock.now())
        }
        try await commit()
        return true
    }

    /// When to wake up for `next`: no later than the next renewal while leases are held, so a
    /// long wait does not outlive the lease. Once every lease is lost, no renewal comes: waking
    /// for one would not move a simulated clock (the renewal time stays behind the lease clock),
    /// and the batch would spin; it sleeps to `next` and drops the attempts it no longer holds.
    private func wakeUp(for next: Duration) -> Duration {
        guard !leases.held.isEmpty else { return next }
        return min(next, clock.now() + max(.zero, leases.nextRenewal - leaseClock.now()))
    }

    /// The next time something happens: a completion, or a waiting job's due time when a slot
    /// is free.
    private func nextWakeUp() -> Duration? {
        let due = inFlight.count < configuration.simulation.concurrency ? waiting.nextDeadline : nil
        return [inFlight.nextDeadline, due].compactMap { $0 }.min()
    }

    /// Starts held jobs that are due by `now` while slots are free; a job whose lease was lost
    /// is dropped, a cancelled one is decided at once.
    private func startAttempts(at now: Duration) {
        let simulation = configuration.simulation
        while inFlight.count < simulation.concurrency, let due = waiting.nextDeadline, due <= now,
              let (_, job) = waiting.popNext() {
            guard leases.holds(job.rowID) else { continue }
            let attempt = job.attemptsDone + 1
            if cancelRequests.contains(job.key) {
                decide(.cancel(job), job)
                record(now, job.key, attempt, .cancelled)
                continue
            }
            let outcome = simulation.outcome(of: job.key, attempt: attempt, random: random)
            inFlight.schedule(InFlightAttempt(job: job, attempt: attempt, outcome: outcome), at: now + outcome.duration)
            record(now, job.key, attempt, .started)
        }
    }

    /// Handles every attempt that completes by `now`: a success or a last failure is a final
    /// write; a failure with attempts left waits for its retry.
    private func complete(through now: Duration) {
        let simulation = configuration.simulation
        while let deadline = inFlight.nextDeadline, deadline <= now, let (time, attempt) = inFlight.popNext() {
            var job = attempt.job
            guard leases.holds(job.rowID) else { continue }
            if cancelRequests.contains(job.key) {
                decide(.cancel(job), job)
                record(time, job.key, attempt.attempt, .cancelled)
                continue
            }
            if attempt.outcome.isSuccess {
                decide(.succeed(job, attempt: attempt.attempt), job)
                record(time, job.key, attempt.attempt, .succeeded)
                continue
            }
            let timedOut = if case .timedOut = attempt.outcome { true } else { false }
            if let delay = simulation.retryDelay(for: job.key, afterAttempt: attempt.attempt, random: random) {
                job.attemptsDone = attempt.attempt
                waiting.schedule(job, at: time + delay)
                failedAttempts[job.rowID] = (job, attempt.failureDescription)
                retriedInBatch += 1
                record(time, job.key, attempt.attempt, .retrying, timedOut: timedOut)
            } else {
                decide(.giveUp(job, attempt: attempt.attempt, message: "gave up: \(attempt.failureDescription)"), job)
                record(time, job.key, attempt.attempt, .gaveUp, timedOut: timedOut)
            }
        }
    }

    private func decide(_ operation: SyncBatch.Operation, _ job: ScheduledJob) {
        batch.append(operation)
        decided.insert(job.rowID)
        failedAttempts[job.rowID] = nil
    }

    private func record(_ time: Duration, _ job: JobKey, _ attempt: Int, _ kind: SyncTraceEvent.Kind,
                        timedOut: Bool = false) {
        guard configuration.recordsTrace else { return }
        trace.append(SyncTraceEvent(time: time, job: job, attempt: attempt, kind: kind, timedOut: timedOut))
    }
}

extension InFlightAttempt {
    /// How a failed attempt ended, as the job's result says it: `attempt 3 timed out after 5000 ms`.
    var failureDescription: String {
        let how = if case .timedOut = outcome { "timed out" } else { "failed" }
        return "attempt \(attempt) \(how) after \(outcome.duration.roundedMilliseconds) ms"
    }
}
