import Logging

/// What an operator reads of a running daemon, through the injected swift-log `Logger`: one
/// line at start, one per interval of the worker's clock while jobs complete, one when it turns
/// idle and waits for new jobs, one at the end; at `debug`, one per committed batch.
///
/// Every value is a metadata field, so a line reads as `started clock=virtual pending=412 seed=1`
/// in the CLI's handler and any other handler can index them. The interval and the rate use the
/// injected ``SyncLogClock`` (wall time in production, whatever the worker's clock), so a run on
/// a virtual clock logs at the pace a reader follows; tests pace it with a time of their own.
///
/// ```swift
/// var log = SyncStatusLog(logger: logger, interval: .seconds(10), clock: .continuous)
/// log.started(pendingJobs: 412, seed: 1, simulatedClock: true)
/// ```
struct SyncStatusLog {
    let logger: Logger
    let interval: Duration
    let clock: SyncLogClock
    /// The log clock's time and the completed count of the last start or interval line.
    private var lastLine: (time: Duration, completed: Int) = (.zero, 0)
    /// Whether the idle line has been written since the worker last had jobs.
    private var saidWaiting = false

    init(logger: Logger, interval: Duration, clock: SyncLogClock) {
        self.logger = logger
        self.interval = interval
        self.clock = clock
    }

    mutating func started(pendingJobs: Int, seed: UInt64, simulatedClock: Bool) {
        lastLine = (clock.now(), 0)
        saidWaiting = false
        logger.info("started", metadata: [
            "pending": "\(pendingJobs)", "seed": "\(seed)", "clock": "\(simulatedClock ? "virtual" : "real")",
        ])
    }

    /// After a committed batch: the batch at `debug`, and the interval line when one is due,
    /// with the queue's unfinished jobs (pending or running, any worker's) that `pending` counts
    /// then.
    mutating func committed(batch number: Int, completions: Int, report: SyncReport,
                            pending: () throws -> Int) rethrows {
        saidWaiting = false
        let time = clock.now()
        logger.debug("committed batch", metadata: ["batch": "\(number)", "completions": "\(completions)"])
        guard time - lastLine.time >= interval else { return }
        let rate = Self.rate(report.completed - lastLine.completed, over: time - lastLine.time)
        lastLine = (time, report.completed)
        let unfinished = try pending()
        logger.info("progress", metadata: [
            "completed": "\(report.completed)", "failed": "\(report.failed)", "retried": "\(report.retried)",
            "pending": "\(unfinished)", "rate": "\(rate)/s",
        ])
    }

    /// The worker holds no job and polls for new ones: said once until jobs come again.
    mutating func waiting(completed: Int) {
        guard !saidWaiting else { return }
        saidWaiting = true
        logger.info("idle, waiting for new jobs", metadata: ["completed": "\(completed)"])
    }

    /// New jobs were found: said when the idle line was, so the log shows the daemon at work again.
    mutating func found(newJobs: Int) {
        guard saidWaiting else { return }
        saidWaiting = false
        logger.info("new jobs", metadata: ["pending": "\(newJobs)"])
    }

    func finished(_ report: SyncReport) {
        logger.info("stopped", metadata: [
            "completed": "\(report.completed)", "failed": "\(report.failed)", "retried": "\(report.retried)",
            "cancelled": "\(report.cancelled)", "pending": "\(report.pending)", "relayouts": "\(report.relayouts)",
            "heightChanges": "\(report.heightChanges)", "elapsed": "\(Self.format(Self.seconds(report.elapsed)))s",
        ])
    }

    /// Completions per second over `span`, with one decimal.
    static func rate(_ completions: Int, over span: Duration) -> String {
        let seconds = Self.seconds(span)
        guard seconds > 0 else { return "0" }
        return format((Double(completions) / seconds * 10).rounded() / 10)
    }

    /// `span` in seconds, with up to three decimals.
    static func seconds(_ span: Duration) -> Double {
        let (seconds, attoseconds) = span.components
        return ((Double(seconds) + Double(attoseconds) / 1e18) * 1000).rounded() / 1000
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
