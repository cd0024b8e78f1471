/// The queue's unfinished jobs (pending, or running under any worker's lease) as a terminal's
/// progress line shows them, without a count per committed batch: the store counts them at most
/// once per ``interval`` of the lease clock (real time in production), and in between the last
/// count less the jobs this worker has ended since is shown.
///
/// A progress line redraws at most ten times a second while a worker commits tens of batches a
/// second; the count is a query over the whole queue, so it is taken when the line can show it.
///
/// ```swift
/// var pending = PendingJobCount(interval: .milliseconds(250))
/// let shown = try pending.value(now: leaseClock.now(), ended: report.completed + report.failed) {
///     try store.unfinishedJobCount()
/// }
/// ```
struct PendingJobCount {
    let interval: Duration
    /// The last count, when it was taken and how many jobs the worker had ended then.
    private var sample: (time: Duration, count: Int, ended: Int)?

    init(interval: Duration) {
        self.interval = interval
    }

    /// The pending jobs at `now`, with `ended` jobs completed or failed for good by this worker;
    /// `count` asks the store.
    mutating func value(now: Duration, ended: Int, count: () throws -> Int) rethrows -> Int {
        if let sample, now - sample.time < interval {
            return max(0, sample.count - (ended - sample.ended))
        }
        let counted = try count()
        sample = (now, counted, ended)
        return counted
    }
}
