import FeedModel
import Logging

/// The sync worker: one of any number sharing a store's job queue (``SyncJobLeasing``, on SQLite
/// and on PostgreSQL). It claims due jobs in batches under a lease that expires, runs them
/// through the simulated network, commits each batch's results under its lease and has the
/// affected cells laid out again.
///
/// A batch goes through four steps:
/// 1. **Claim** up to ``Configuration/batchSize`` due jobs, leased for ``Configuration/lease``
///    (jobs other workers hold are not taken; a job whose lease expired is due again).
/// 2. **Run** them on the simulation clock, at most `simulation.concurrency` attempts at once.
///    Each attempt's outcome is drawn from ``OutcomeRandom`` with (seed, job, attempt), the
///    attempt being the job's committed `attempts` + 1; a failed attempt with attempts left
///    waits for its retry delay and runs again, still held under the lease. So a job's final
///    outcome (its success, or giving up after the last attempt) is a pure function of
///    (seed, job) whichever worker runs it and however often a claim of it is lost, and N
///    workers end with the same feed as one.
/// 3. **Commit** the final writes in one transaction (the store's leased commit): each job's
///    state, its effect on photos, users or locations and the content-version bumps. A job whose
///    lease was lost (it expired, and another worker may have it) is discarded and counted as
///    cancelled: no effect is applied twice.
/// 4. **Relayout** the changed cells (``CellRelayouting``, through ``RelayoutQueue``): the
///    layout writes are a second transaction. A worker killed in between leaves stale cache
///    rows, which are never served; every worker lays out the stale cells when it starts and when
///    it finds the queue drained, and then, and when it stops, deletes the stored layouts no
///    cell links any more (a relayout moves a cell to the layout of its new content).
///
/// Memory: the worker holds one batch's jobs (and the layout pass of the batch before), never
/// the backlog.
///
/// Time: two clocks. The *simulation clock* times latencies and retry delays; with a
/// ``VirtualClock`` a batch runs in no real time (tests, benchmarks, `sync --clock virtual`),
/// with a ``RealClock`` the latencies are waited and the decided writes are committed before
/// each wait. The *lease clock* is real time in production: leases expire in real time (the
/// store stamps them with its clock), the worker renews its leases once a third of the lease has
/// passed without a renewal, at every step of a batch and before each commit, and an idle worker
/// polls the queue every ``Configuration/pollInterval``. Tests inject both clocks.
///
/// Crash safety: a worker killed at any moment holds leases that expire (on SQLite, the daemon
/// that takes the file's sync lock next releases them at once: no other process holds any);
/// the next worker to claim those jobs runs the same attempts with the same outcomes.
public actor SyncWorker {
    public typealias ProgressHandler = @Sendable (SyncProgress) -> Void
    /// What the worker needs of a store: the leased queue, and the queue's counts and stale
    /// layouts (``SyncJobStoring``).
    public typealias Store = SyncJobLeasing & SyncJobStoring

    let store: any Store
    let relayouter: any CellRelayouting
    /// Times latencies and retry delays.
    let clock: any SyncClock
    /// Times leases and idle polls (real time in production).
    let leaseClock: any SyncClock
    let configuration: Configuration
    let random: OutcomeRandom

    var leases: JobLeases
    /// The claimed jobs waiting for their time (and a free slot), by due time; ties in claim order.
    var waiting = EventQueue<ScheduledJob>()
    /// Attempts in flight, by completion time; ties in start order.
    var inFlight = EventQueue<InFlightAttempt>()
    /// The last failed attempt of each held job waiting for its retry, by row id: written back
    /// if the worker stops before the job's final outcome, so the attempts already run count.
    var failedAttempts: [Int64: (job: ScheduledJob, message: String)] = [:]
    /// The final writes decided since the last commit.
    var batch = SyncBatch()
    /// The jobs of ``batch``.
    var decided: Set<Int64> = []
    /// Retries decided since the last commit.
    var retriedInBatch = 0
    var cancelRequests: Set<JobKey> = []
    var report = SyncReport()
    /// What the run counted outside its commits and has not recorded in the store's totals yet
    /// (``SyncWorkerCounts``): leases lost, relayouts. Recorded with the next commit, or when the
    /// worker goes idle or stops (``recordTally()``).
    var unrecorded = SyncWorkerTally()
    var layoutPasses: RelayoutQueue
    var statusLog: SyncStatusLog
    var progress: ProgressHandler?
    /// The queue's unfinished jobs for ``progress``, counted at most four times a second.
    var pendingForProgress = PendingJobCount(interval: .milliseconds(250))
    var isRunning = false
    /// Every step, when the configuration records a trace.
    public internal(set) var trace: [SyncTraceEvent] = []
    /// Renewals made by this worker's runs (each renews every lease it holds).
    public private(set) var leaseRenewals = 0
    /// Leases this worker's runs found lost when renewing.
    public private(set) var lostLeases = 0

    public init(store: any Store, relayouter: any CellRelayouting, clock: any SyncClock,
                leaseClock: any SyncClock = RealClock(), configuration: Configuration = Configuration()) {
        self.store = store
        self.relayouter = relayouter
        self.clock = clock
        self.leaseClock = leaseClock
        self.configuration = configuration
        self.random = OutcomeRandom(seed: configuration.seed)
        self.leases = JobLeases(lease: configuration.lease)
        self.layoutPasses = RelayoutQueue(relayouter: relayouter)
        self.statusLog = SyncStatusLog(logger: configuration.logger, interval: configuration.logInterval,
                                       clock: configuration.logClock)
    }

    /// Cancels a job: if this worker holds it (now or later in this run), it ends `failed` with
    /// result "cancelled" and its asset is left as it is.
    public func cancelJob(_ key: JobKey) {
        cancelRequests.insert(key)
    }

    /// Runs until `stop` (``SyncStopCondition/idle``: until no job of the queue is pending or
    /// running, whoever holds it), or until the task is cancelled: then the completions already
    /// decided are committed and the jobs still held are given back (pending again).
    ///
    /// - Throws: store errors (a database busy or out of reach, …); what was committed before
    ///   stays committed, the batch under way is not, and its leases expire.
    public func run(until stop: SyncStopCondition, progress: ProgressHandler? = nil) async throws -> SyncReport {
        guard !isRunning else { throw SyncWorkerError.alreadyRunning }
        isRunning = true
        defer { isRunning = false }
        self.progress = progress
        pendingForProgress = PendingJobCount(interval: .milliseconds(250))
        report = SyncReport()
        unrecorded = SyncWorkerTally()
        resetBatch()
        leases = JobLeases(lease: configuration.lease)
        layoutPasses = RelayoutQueue(relayouter: relayouter)
        do {
            try await relayoutStaleCells()
            statusLog.started(pendingJobs: try store.unfinishedJobCount(), seed: configuration.seed,
                              simulatedClock: clock.isSimulated)
            try await loop(until: stop)
        } catch is CancellationError {
            // Stopping is not an error: commit what was decided and give the rest back below.
        } catch {
            try? await layoutPasses.flush()
            throw error
        }
        try await finish()
        try await recordTally()
        try store.pruneUnreferencedLayouts()
        report.pending = try store.unfinishedJobCount()
        report.elapsed = clock.now()
        statusLog.finished(report)
        return report
    }

    private func resetBatch() {
        waiting = EventQueue()
        inFlight = EventQueue()
        failedAttempts = [:]
        batch = SyncBatch()
        decided = []
        retriedInBatch = 0
    }

    private func loop(until stop: SyncStopCondition) async throws {
        // Whether the stale cells were laid out since the worker last found work.
        var swept = true
        while !Task.isCancelled {
            if case .duration(let limit) = stop, clock.now() >= limit { return }
            let claimedAt = leaseClock.now()
            let claimed = try store.claimDueJobs(worker: configuration.worker, limit: configuration.batchSize,
                                                 leaseMilliseconds: leases.leaseMilliseconds)
            if !claimed.isEmpty {
                swept = false
                statusLog.found(newJobs: claimed.count)
                leases.claimed(claimed.map(\.rowID), at: claimedAt)
                guard try await runBatch(claimed, until: stop) else { return }
                continue
            }
            if try store.unfinishedJobCount() == 0 {
                if !swept {
                    // A worker killed between a commit and its relayout left stale rows.
                    try await layoutPasses.flush()
                    try await relayoutStaleCells()
                    try await recordTally()
                    swept = true
                }
                if stop == .idle { return }
                statusLog.waiting(completed: report.completed)
                if case .duration(let limit) = stop, clock.isSimulated {
                    // Nothing to wait for on a simulated clock: its time passes at once.
                    try await clock.sleep(until: limit)
                    return
                }
            }
            // Jobs held by other workers (their leases may expire), or not due yet.
            try await leaseClock.sleep(until: leaseClock.now() + configuration.pollInterval)
            if case .duration(let limit) = stop, clock.isSimulated {
                try await clock.sleep(until: min(clock.now() + configuration.pollInterval, limit))
            }
        }
    }

    /// Deletes the change-log rows the retention no longer keeps (a store without a change log
    /// has none to prune). The log grows with the worker's commits, so the worker bounds it.
    func pruneChangeLog() throws {
        _ = try (store as? any ChangeLogReading)?.pruneChangeLog(configuration.changeRetention)
    }

    /// Relayouts the cells whose cached layouts are older than their photo's content, then
    /// deletes the stored layouts no cell links any more (the relayouts before moved their cells
    /// to layouts of their new content).
    func relayoutStaleCells() async throws {
        let stale = try store.photosWithStaleLayouts()
        if !stale.isEmpty { counted(try await relayouter.relayoutCells(forPhotos: stale)) }
        try store.pruneUnreferencedLayouts()
    }

    /// Renews every held lease when a renewal is due; the jobs whose lease was lost are dropped
    /// (their attempts are not committed) and, unless a write of theirs is decided already (the
    /// commit counts those), counted as cancelled.
    func renewLeasesIfDue() throws {
        let now = leaseClock.now()
        guard leases.isRenewalDue(at: now) else { return }
        let kept = try store.renewLeases(worker: configuration.worker, rowIDs: leases.held.sorted(),
                                         leaseMilliseconds: leases.leaseMilliseconds)
        leaseRenewals += 1
        let lost = leases.renewed(kept: kept, at: now)
        lostLeases += lost.count
        let cancelled = lost.count { !decided.contains($0) }
        report.cancelled += cancelled
        unrecorded.cancelled += cancelled
        for rowID in lost { failedAttempts[rowID] = nil }
    }

    /// Commits the decided writes under the worker's leases and relayouts the photos they changed.
    func commit() async throws {
        guard !batch.isEmpty else { return }
        try renewLeasesIfDue()
        var committing = batch
        let retried = retriedInBatch
        batch = SyncBatch()
        decided = []
        retriedInBatch = 0
        let number = report.batches + 1
        committing.tally = await takeUnrecorded() + SyncWorkerTally(retried: retried)
        configuration.faultInjection?(.beforeCommit(batch: number))
        let result = try store.commit(committing, worker: configuration.worker, geocoder: configuration.geocoder)
        leases.release(committing.writes.map(\.operation.rowID))
        configuration.faultInjection?(.afterCommit(batch: number))
        report.add(result, retriedBefore: retried)
        if number % configuration.changeLogPruneInterval == 0 { try pruneChangeLog() }
        try statusLog.committed(batch: number, completions: committing.completions, report: report,
                                pending: store.unfinishedJobCount)
        counted(try await layoutPasses.layOut(result.changes, overlapping: configuration.overlapsRelayout))
        if let progress {
            let pending = try pendingForProgress.value(now: leaseClock.now(), ended: report.completed + report.failed,
                                                       count: store.unfinishedJobCount)
            progress(SyncProgress(report, pending: pending,
                                  relayouts: report.relayouts + (await layoutPasses.total.relayouts),
                                  elapsed: clock.now()))
        }
    }

    /// Commits what was decided, gives back the jobs still held (pending again, their leases
    /// cleared; a job between two attempts with its failed attempts counted) and waits for the
    /// layout passes. A cancelled run finishes only the pass under way; the cells of the last
    /// batch keep stale rows, laid out by the next worker to start.
    private func finish() async throws {
        for rowID in leases.held.sorted() where !decided.contains(rowID) {
            if let failed = failedAttempts[rowID] {
                // Due at once: the retry delay does not change any outcome.
                let attempt = failed.job.attemptsDone
                batch.append(.retry(failed.job, attempt: attempt, nextRunAt: 0, message: failed.message))
                retriedInBatch -= 1
            } else {
                batch.append(.release(rowID: rowID))
            }
        }
        resetQueues()
        do {
            try await commit()
            try pruneChangeLog()
            try await layoutPasses.flush()
        } catch is CancellationError {
            // The pass was cut short; stale cells are laid out by the next worker to start.
        }
        report.add(await layoutPasses.total)
    }

    private func resetQueues() {
        waiting = EventQueue()
        inFlight = EventQueue()
        failedAttempts = [:]
    }
}
