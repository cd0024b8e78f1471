import Foundation
import GRDB

/// Tells whether anything was committed to a database since it last looked: by any connection,
/// in this process or another (a `photofeed sync` running beside a server).
///
/// It holds a connection of its own and reads SQLite's `PRAGMA data_version`, which changes on
/// that connection whenever another connection commits. A `:memory:` store has no other
/// connections: its watcher reads the store's own connection's counter, which changes with
/// nothing, so callers must not trust it there (``FeedStore/changeWatcher()`` returns nil).
///
/// ```swift
/// let watcher = try store.changeWatcher()
/// let before = try watcher?.version()
/// // … another connection commits …
/// try watcher?.version() != before  // true
/// ```
public final class ChangeWatcher: Sendable {
    private let connection: DatabaseQueue

    init(path: String, busyTimeout: TimeInterval) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.readonly = true
        connection = try DatabaseQueue(path: path, configuration: configuration)
    }

    /// A number that differs from the previous call's when a commit happened in between.
    public func version() throws -> Int64 {
        try connection.inDatabase { db in try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}

extension FeedStore {
    /// A watcher of this store's database file, or nil for an in-memory store.
    public func changeWatcher(busyTimeout: TimeInterval = 5) throws -> ChangeWatcher? {
        let path = writer.path
        guard !path.isEmpty, path != ":memory:", writer is DatabasePool else { return nil }
        return try ChangeWatcher(path: path, busyTimeout: busyTimeout)
    }
}
