#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif
import GRDB

extension FeedStore {
    /// Writes the layout cache hits and misses counted in memory since the last layout write,
    /// without waiting for another connection's write lock: when the database is busy they stay
    /// counted in memory and the result is false. A command that reads layouts calls this once,
    /// as it ends; a failed write (a full disk) drops them and throws.
    @discardableResult
    public func writeLayoutCacheCounts() throws -> Bool {
        let counts = layoutCacheCounts.take()
        guard !counts.isEmpty else { return true }
        do {
            try writer.writeWithoutTransaction { db in
                try Self.withoutBusyWait(db) {
                    try db.inTransaction(.immediate) {
                        try LayoutCacheCounts.write(counts, db)
                        return .commit
                    }
                }
            }
            return true
        } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY {
            layoutCacheCounts.restore(counts)
            return false
        }
    }

    /// Runs `body` with the connection's busy timeout at zero (a lock held elsewhere fails at
    /// once with `SQLITE_BUSY`), then restores the configured timeout.
    private static func withoutBusyWait<T>(_ db: Database, _ body: () throws -> T) rethrows -> T {
        guard case .timeout(let seconds) = db.configuration.busyMode else { return try body() }
        sqlite3_busy_timeout(db.sqliteConnection, 0)
        defer { sqlite3_busy_timeout(db.sqliteConnection, Int32((seconds * 1000).rounded())) }
        return try body()
    }
}
