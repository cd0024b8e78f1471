/// A store's change log (``CellChange``): read asynchronously by the server's change stream and
/// `photofeed changes`, pruned by the writers.
public protocol ChangeLogReading: Sendable {
    /// Up to `limit` changes after `sequence`, in sequence order, with the log's bounds.
    func changes(after sequence: Int64, limit: Int) async throws -> ChangeLogPage

    /// Deletes the rows `retention` no longer keeps, in short transactions of at most
    /// ``ChangeRetention/batchSize`` rows each, so that writers never wait long behind it; returns
    /// how many it deleted. The newest row is always kept, and the log stays one unbroken run.
    func pruneChangeLog(_ retention: ChangeRetention) throws -> Int
}

/// How much of the change log a store keeps: the newest ``count`` rows, and of those only the
/// rows written less than ``maxAge`` before the newest one (so a quiet database loses nothing to
/// age, and pruning needs no clock). A client further behind gets a reset (refetch the feed).
public struct ChangeRetention: Hashable, Sendable {
    /// The default: 100,000 rows, for 7 days.
    public static let standard = ChangeRetention(count: 100_000, maxAge: 7 * 24 * 3_600_000)

    /// The most rows kept (at least 1).
    public var count: Int64
    /// How much older than the newest row a row may be, in milliseconds.
    public var maxAge: Int64
    /// The most rows one pruning transaction deletes.
    public var batchSize: Int = 1_000

    public init(count: Int64, maxAge: Int64, batchSize: Int = 1_000) {
        precondition(count >= 1 && maxAge >= 0 && batchSize >= 1, "a change log keeps at least its newest row")
        self.count = count
        self.maxAge = maxAge
        self.batchSize = batchSize
    }

    /// The highest sequence number the next pruning transaction deletes, or nil when every row
    /// stays, for a log holding `oldest` through `head` whose first row written within
    /// ``maxAge`` of the newest is `firstYoung`: the rows below the newest ``count`` and those
    /// before `firstYoung`, at most ``batchSize`` of them, never `head` itself. Pruning only ever
    /// deletes the oldest rows, so the log stays one unbroken run of numbers.
    public func pruneLimit(oldest: Int64, head: Int64, firstYoung: Int64) -> Int64? {
        let through = min(max(head - count, firstYoung - 1), head - 1, oldest - 1 + Int64(batchSize))
        return through >= oldest ? through : nil
    }
}
