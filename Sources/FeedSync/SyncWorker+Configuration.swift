import FeedModel
import Logging

extension SyncWorker {
    /// How a worker runs.
    public struct Configuration: Sendable {
        public var simulation: SyncSimulation
        /// The run seed every outcome is drawn from: the same for every worker of a queue.
        public var seed: UInt64
        /// The lease owner's name, unique among the queue's workers (`photofeed sync`: host and
        /// process id).
        public var worker: String
        /// Jobs claimed per batch: the most completions one transaction commits. It bounds the
        /// jobs a worker holds in memory, whatever the backlog.
        public var batchSize: Int
        /// How long a claim holds its jobs before they are due again for any worker.
        public var lease: Duration
        /// How long an idle worker waits (lease clock) before it looks for due jobs again.
        public var pollInterval: Duration
        public var geocoder: ReverseGeocoder
        /// Whether to record a ``SyncTraceEvent`` per step (tests).
        public var recordsTrace: Bool
        /// Whether each batch's layout pass runs while the worker claims and commits the next
        /// (``RelayoutQueue``; one pass at a time, its inputs read right after its batch's
        /// commit, so the passes and their counts are the same either way); off, the pass runs
        /// right after the commit.
        public var overlapsRelayout: Bool
        /// Told of every ``SyncFaultPoint`` reached; ``SyncFaultPoint/beforeCommit(batch:)``
        /// comes right before the batch's transaction starts. Nil in production.
        public var faultInjection: (@Sendable (SyncFaultPoint) -> Void)?
        /// Where the run's status lines go (``SyncStatusLog``); writes nothing by default.
        public var logger = Logger(label: "photofeed.sync", factory: { _ in SwiftLogNoOpLogHandler() })
        /// How much of ``logClock``'s time passes between two progress lines, at least.
        public var logInterval: Duration = .seconds(10)
        /// The time that paces the progress lines: wall time, whatever the worker's clock.
        public var logClock: SyncLogClock = .continuous
        /// How much of the store's change log the worker keeps: it prunes the rest after every
        /// ``changeLogPruneInterval``-th batch it commits, and when it stops.
        public var changeRetention: ChangeRetention = .standard
        public var changeLogPruneInterval = 64

        /// The default number of jobs claimed (and committed) per batch.
        public static let defaultBatchSize = 512

        public init(simulation: SyncSimulation = SyncSimulation(), seed: UInt64 = 1, worker: String = "sync",
                    batchSize: Int = Configuration.defaultBatchSize, lease: Duration = .seconds(30),
                    pollInterval: Duration? = nil, geocoder: ReverseGeocoder = ReverseGeocoder(),
                    recordsTrace: Bool = false, overlapsRelayout: Bool = true) {
            precondition(batchSize >= 1, "a batch holds at least one job")
            precondition(lease > .zero, "a lease lasts some time")
            self.simulation = simulation
            self.seed = seed
            self.worker = worker
            self.batchSize = batchSize
            self.lease = lease
            self.pollInterval = pollInterval ?? min(.seconds(1), lease / 4)
            self.geocoder = geocoder
            self.recordsTrace = recordsTrace
            self.overlapsRelayout = overlapsRelayout
        }
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
