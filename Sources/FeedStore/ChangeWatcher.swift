import FeedModel
import Foundation
import GRDB
import Locking

/// Watches a SQLite database file for commits by any connection, in this process or another (a
/// `photofeed sync` running beside a server): the SQLite ``ChangeWatching``.
///
/// It holds a read-only connection of its own and reads SQLite's `PRAGMA data_version`, which
/// changes on that connection whenever another connection commits. It reads it at most once per
/// ``interval``: a call within the interval of the last read returns that read's number without
/// touching the database, so a server answering thousands of requests a second reads the pragma
/// a few hundred times a second at most, and a commit shows at most one interval late. The last read's time
/// is taken before the read, so a commit that lands during the read is seen by the next one.
///
/// Each read first checks that the path still names the store's file (``DatabaseFileWatch``):
/// its connection keeps the file it opened, whose number no longer changes once another file was
/// renamed over the path, so the watcher throws ``DatabaseFileReplaced`` instead.
///
/// A `:memory:` store has no other connections (``FeedStore/changeWatcher()`` returns nil).
///
/// ```swift
/// let watcher = try store.changeWatcher()      // reads at most every 2 ms
/// let before = try watcher?.version()
/// // … another connection commits; 2 ms pass …
/// try watcher?.version() != before             // true
/// ```
public final class ChangeWatcher: ChangeWatching {
    /// The default ``interval``: short against a sync completion's rate, long against a request.
    public static let defaultInterval = Duration.milliseconds(2)

    /// The least time between two reads of the pragma.
    public let interval: Duration
    private let connection: DatabaseQueue
    private let watch: DatabaseFileWatch?
    private let uptime: @Sendable () -> Duration
    /// The last read: its number, and the time taken just before it (nil before the first).
    private let last = Locked<(version: Int64, readAt: Duration?)>((0, nil))

    /// - Parameters:
    ///   - interval: the least time between two reads of the pragma (zero: every call reads).
    ///   - uptime: a monotonic clock's time since any fixed origin (injected by tests).
    init(path: String, watch: DatabaseFileWatch?, busyTimeout: TimeInterval, interval: Duration,
         uptime: @escaping @Sendable () -> Duration) throws {
        try watch?.check()
        self.watch = watch
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.readonly = true
        connection = try DatabaseQueue(path: path, configuration: configuration)
        self.interval = interval
        self.uptime = uptime
    }

    /// A number that differs from the previous read's when a commit happened in between; within
    /// ``interval`` of the last read, that read's number.
    public func version() throws -> Int64 {
        let now = uptime()
        return try last.withLock { last in
            if let readAt = last.readAt, now - readAt < interval { return last.version }
            try watch?.check()
            let version = try connection.inDatabase { db in
                try Int64.fetchOne(db.cachedStatement(sql: "PRAGMA data_version")) ?? 0
            }
            last = (version, now)
            return version
        }
    }

    /// The time since this process's first call, on the continuous clock.
    public static let continuousUptime: @Sendable () -> Duration = {
        let origin = ContinuousClock.now
        return { ContinuousClock.now - origin }
    }()
}

extension FeedStore: ChangeWatchingStore {
    /// A watcher of this store's database file, or nil for an in-memory store.
    public func changeWatcher() throws -> (any ChangeWatching)? {
        try sqliteChangeWatcher()
    }

    /// A watcher of this store's database file that reads `PRAGMA data_version` at most every
    /// `interval`, or nil for an in-memory store.
    public func sqliteChangeWatcher(interval: Duration = ChangeWatcher.defaultInterval, busyTimeout: TimeInterval = 5,
                                    uptime: @escaping @Sendable () -> Duration = ChangeWatcher.continuousUptime)
        throws -> ChangeWatcher? {
        let path = writer.path
        guard !path.isEmpty, path != ":memory:", writer is DatabasePool else { return nil }
        return try ChangeWatcher(path: path, watch: fileWatch, busyTimeout: busyTimeout, interval: interval,
                                 uptime: uptime)
    }
}
