import FeedModel

/// Starting and completing attempts: the pure, in-memory half of the worker.
extension SyncWorker {
    /// Starts waiting jobs that are due by `now` while slots are free.
    func startDueAttempts(at now: Duration) {
        let concurrency = configuration.simulation.concurrency
        while inFlight.count < concurrency, let due = waiting.nextDeadline, due <= now,
              let (_, job) = waiting.popNext() {
            if cancelRequests.contains(job.key) {
                batch.append(.cancel(job))
                record(now, job.key, job.attemptsDone + 1, .cancelled)
                continue
            }
            let attempt = job.attemptsDone + 1
            let outcome = configuration.simulation.outcome(of: job.key, attempt: attempt, random: random)
            batch.append(.start(rowID: job.rowID))
            inFlight.schedule(InFlightAttempt(job: job, attempt: attempt, outcome: outcome),
                              at: now + outcome.duration)
            record(now, job.key, attempt, .started)
        }
    }

    /// Applies every attempt that completes by `now`, in completion order.
    func completeAttempts(through now: Duration) {
        while let deadline = inFlight.nextDeadline, deadline <= now, let (time, attempt) = inFlight.popNext() {
            complete(attempt, at: time)
        }
    }

    private func complete(_ inFlight: InFlightAttempt, at time: Duration) {
        var job = inFlight.job
        let attempt = inFlight.attempt
        if cancelRequests.contains(job.key) {
            batch.append(.cancel(job))
            record(time, job.key, attempt, .cancelled)
            return
        }
        let timedOut: Bool
        switch inFlight.outcome {
        case .succeeded:
            batch.append(.succeed(job, attempt: attempt))
            record(time, job.key, attempt, .succeeded)
            return
        case .failed: timedOut = false
        case .timedOut: timedOut = true
        }
        let what = "attempt \(attempt) \(timedOut ? "timed out" : "failed") after "
            + "\(inFlight.outcome.duration.roundedMilliseconds) ms"
        job.attemptsDone = attempt
        let simulation = configuration.simulation
        guard let delay = simulation.retryDelay(for: job.key, afterAttempt: attempt, random: random) else {
            batch.append(.giveUp(job, attempt: attempt, message: "gave up: \(what)"))
            record(time, job.key, attempt, .gaveUp, timedOut: timedOut)
            return
        }
        let due = time + delay
        waiting.schedule(job, at: due)
        batch.append(.retry(job, attempt: attempt, nextRunAt: timeline.milliseconds(at: due), message: what))
        record(time, job.key, attempt, .retrying, timedOut: timedOut)
    }

    private func record(_ time: Duration, _ job: JobKey, _ attempt: Int, _ kind: SyncTraceEvent.Kind,
                        timedOut: Bool = false) {
        guard configuration.recordsTrace else { return }
        trace.append(SyncTraceEvent(time: time, job: job, attempt: attempt, kind: kind, timedOut: timedOut))
    }
}
