import FeedModel
import Logging

/// The sync daemon: runs the store's pending jobs through the simulated network, commits their
/// results and has the affected cells laid out again.
///
/// A run loads the pending jobs, starts at most `concurrency` attempts at once, schedules each
/// attempt's completion on an ``EventQueue`` at start + latency, and moves the injected clock
/// from deadline to deadline. Completions are collected into a ``SyncBatch`` and committed in
/// one transaction per batch (each completion — job state, result and content-version bumps —
/// wholly inside one transaction); after each commit the affected photos are marked as needing
/// layout, and the ``CellRelayouting`` lays them out in the next layout pass (see
/// ``RelayoutQueue``).
///
/// Determinism and crash safety: every outcome is drawn from ``OutcomeRandom`` with the job's
/// key and attempt number, and the attempt number is the job's committed `attempts` + 1. A run
/// interrupted at any point (even `kill -9`) and started again re-runs exactly the attempts
/// whose completion was not committed, with the same outcomes, so it ends where an
/// uninterrupted run ends. A `running` job found at start was in flight in a run that died;
/// its effect was not committed, so it is simply pending again. Layouts left stale by a run
/// that died between a commit and its relayout are relayouted first.
public actor SyncWorker {
    /// How a worker runs.
    public struct Configuration: Sendable {
        public var simulation: SyncSimulation
        /// The run seed every outcome is drawn from.
        public var seed: UInt64
        /// Completions per transaction, at most; a real clock also commits before each wait.
        public var maxBatchSize: Int
        public var timeOrigin: SyncTimeOrigin
        /// How often an idle worker looks for new jobs (``SyncStopCondition/cancelled`` and
        /// ``SyncStopCondition/duration(_:)`` only).
        public var pollInterval: Duration
        public var geocoder: ReverseGeocoder
        /// Whether to record a ``SyncTraceEvent`` per step (tests).
        public var recordsTrace: Bool
        /// Told of every ``SyncFaultPoint`` reached (crash-safety tests); nil in production.
        public var faultInjection: (@Sendable (SyncFaultPoint) -> Void)?
        /// Whether each batch's layout pass runs while the worker simulates and commits the next
        /// batch (one pass at a time; its inputs read right after its batch's commit, so the
        /// passes and their counts are the same either way). Off, the pass runs inline, right
        /// after the commit: tests whose relayouter acts on the run use that.
        public var overlapsRelayout: Bool
        /// Where the run's status lines go (``SyncStatusLog``); writes nothing by default.
        public var logger = Logger(label: "photofeed.sync", factory: { _ in SwiftLogNoOpLogHandler() })
        /// How much of ``logClock``'s time passes between two progress lines, at least.
        public var logInterval: Duration = .seconds(10)
        /// The time that paces the progress lines: wall time, whatever the worker's clock.
        public var logClock: SyncLogClock = .continuous

        public init(simulation: SyncSimulation = SyncSimulation(), seed: UInt64 = 1, maxBatchSize: Int = 512,
                    timeOrigin: SyncTimeOrigin = .earliestPendingJob, pollInterval: Duration = .seconds(1),
                    geocoder: ReverseGeocoder = ReverseGeocoder(), recordsTrace: Bool = false,
                    overlapsRelayout: Bool = true) {
            precondition(maxBatchSize >= 1, "a batch holds at least one completion")
            self.simulation = simulation
            self.seed = seed
            self.maxBatchSize = maxBatchSize
            self.timeOrigin = timeOrigin
            self.pollInterval = pollInterval
            self.geocoder = geocoder
            self.recordsTrace = recordsTrace
            self.overlapsRelayout = overlapsRelayout
        }
    }

    public typealias ProgressHandler = @Sendable (SyncProgress) -> Void

    /// The jobs and the commits (one transaction per batch).
    let store: any SyncJobStoring
    let relayouter: any CellRelayouting
    let clock: any SyncClock
    let configuration: Configuration
    let random: OutcomeRandom

    /// Jobs waiting for their time (and a free slot), by due time; ties in load order.
    var waiting = EventQueue<ScheduledJob>()
    /// Attempts in flight, by completion time; ties in start order.
    var inFlight = EventQueue<InFlightAttempt>()
    var batch = SyncBatch()
    var timeline = SyncTimeline(originMilliseconds: 0)
    var report = SyncReport()
    var cancelRequests: Set<JobKey> = []
    var progress: ProgressHandler?
    var isRunning = false
    /// This run's layout passes.
    var layoutPasses: RelayoutQueue
    /// Every step, when the configuration records a trace.
    public internal(set) var trace: [SyncTraceEvent] = []
    /// The run's status lines.
    var statusLog: SyncStatusLog

    public init(store: any SyncJobStoring, relayouter: any CellRelayouting, clock: any SyncClock,
                configuration: Configuration = Configuration()) {
        self.store = store
        self.relayouter = relayouter
        self.clock = clock
        self.configuration = configuration
        self.random = OutcomeRandom(seed: configuration.seed)
        self.layoutPasses = RelayoutQueue(relayouter: relayouter)
        self.statusLog = SyncStatusLog(logger: configuration.logger, interval: configuration.logInterval,
                                       clock: configuration.logClock)
    }

    /// Cancels a job: if it is waiting or in flight (now or later in this run), it ends `failed`
    /// with result "cancelled" and its asset is left as it is.
    public func cancelJob(_ key: JobKey) {
        cancelRequests.insert(key)
    }

    /// Runs until `stop`, or until the task is cancelled: then the completions already decided
    /// are committed, attempts in flight go back to pending, and the run returns normally.
    ///
    /// - Throws: store errors (a database busy beyond its timeout, …); what was committed
    ///   before stays committed, and nothing of the failed batch is.
    public func run(until stop: SyncStopCondition, progress: ProgressHandler? = nil) async throws -> SyncReport {
        guard !isRunning else { throw SyncWorkerError.alreadyRunning }
        isRunning = true
        defer { isRunning = false }
        self.progress = progress
        report = SyncReport()
        waiting = EventQueue()
        inFlight = EventQueue()
        batch = SyncBatch()
        layoutPasses = RelayoutQueue(relayouter: relayouter)
        try recoverInterruptedJobs()
        do {
            try await relayoutStaleCells()
            let pending = try loadPendingJobs(settingOrigin: true)
            statusLog.started(pendingJobs: pending, seed: configuration.seed,
                              simulatedClock: clock.isSimulated)
            try await loop(until: stop)
        } catch is CancellationError {
            // Stopping is not an error, even during start-up (stale cells are laid out again by
            // the next run): finish the writes below.
        } catch {
            try? await layoutPasses.flush()
            throw error
        }
        try await finish()
        report.pending = try countUnfinishedJobs()
        report.elapsed = clock.now()
        statusLog.finished(report)
        return report
    }

    private func loop(until stop: SyncStopCondition) async throws {
        while !Task.isCancelled {
            let now = clock.now()
            startDueAttempts(at: now)
            guard let next = nextWakeUp() else {
                try await commit()
                let found = try loadPendingJobs(settingOrigin: false)
                if found > 0 {
                    statusLog.found(newJobs: found)
                    continue
                }
                switch stop {
                case .idle:
                    return
                case .duration(let limit):
                    if now >= limit { return }
                    statusLog.waiting(completed: report.completed)
                    try await clock.sleep(until: min(now + configuration.pollInterval, limit))
                case .cancelled:
                    statusLog.waiting(completed: report.completed)
                    try await clock.sleep(until: now + configuration.pollInterval)
                }
                continue
            }
            if case .duration(let limit) = stop, next > limit {
                try await commit()
                try await clock.sleep(until: limit)
                return
            }
            if batch.completions >= configuration.maxBatchSize
                || (!batch.isEmpty && !clock.isSimulated && next > clock.now()) {
                try await commit()
            }
            try await clock.sleep(until: next)
            completeAttempts(through: clock.now())
        }
    }

    /// The next time something happens: a completion, or a waiting job's due time when a slot
    /// is free.
    private func nextWakeUp() -> Duration? {
        let nextDue = inFlight.count < configuration.simulation.concurrency ? waiting.nextDeadline : nil
        switch (inFlight.nextDeadline, nextDue) {
        case let (completion?, due?): return min(completion, due)
        case let (completion?, nil): return completion
        case let (nil, due?): return due
        case (nil, nil): return nil
        }
    }

    /// Commits the batch and relayouts the photos it changed.
    func commit() async throws {
        guard !batch.isEmpty else { return }
        let committing = batch
        batch = SyncBatch()
        let number = report.batches + 1
        let result = try store.commit(committing, geocoder: configuration.geocoder) {
            configuration.faultInjection?(.beforeCommit(batch: number))
        }
        configuration.faultInjection?(.afterCommit(batch: number))
        report.add(result)
        statusLog.committed(batch: number, completions: committing.completions, report: report,
                            pending: waiting.count + inFlight.count)
        report.add(try await layoutPasses.layOut(result.changes, overlapping: configuration.overlapsRelayout))
        if let progress {
            progress(SyncProgress(report, pending: waiting.count + inFlight.count,
                                  relayouts: report.relayouts + (await layoutPasses.total.relayouts),
                                  elapsed: clock.now()))
        }
    }

    /// Gives the attempts in flight back (their jobs are pending again), commits, and waits for
    /// the layout passes. A cancelled run only finishes the pass under way (its layouts are
    /// written or not at all); the cells of the last batch keep stale layouts, which the next run
    /// lays out first.
    private func finish() async throws {
        while let (_, attempt) = inFlight.popNext() {
            batch.append(.release(rowID: attempt.job.rowID))
        }
        do {
            try await commit()
            try await layoutPasses.flush()
        } catch is CancellationError {
            // The pass was cut short; the next run relayouts the stale cells first.
        }
        report.add(await layoutPasses.total)
    }
}

/// A misuse of ``SyncWorker``.
public enum SyncWorkerError: Error, Equatable, CustomStringConvertible {
    /// `run` was called while a run of the same worker was under way.
    case alreadyRunning

    public var description: String {
        switch self {
        case .alreadyRunning: "this sync worker is already running; one run at a time"
        }
    }
}
