import FeedModel
import GRDB

/// The change log (``ChangeLogReading``): rows appended by the `photo_change_logged` trigger
/// (Migrations/0014), read on GRDB's reader pool, pruned in short write transactions.
extension FeedStore: ChangeLogReading {
    public func changes(after sequence: Int64, limit: Int) async throws -> ChangeLogPage {
        try await writer.read { db in
            try fileWatch?.check()
            return try Self.changeLogPage(db, after: sequence, limit: limit)
        }
    }

    public func pruneChangeLog(_ retention: ChangeRetention) throws -> Int {
        var deleted = 0
        while true {
            let count = try writer.write { db in
                guard let through = try Self.pruneLimit(db, retention) else { return 0 }
                try db.execute(sql: "DELETE FROM change_log WHERE seq <= ?", arguments: [through])
                return db.changesCount
            }
            deleted += count
            if count < retention.batchSize { return deleted }
        }
    }

    /// The log's oldest and newest sequence numbers: two descents of the primary key (SQLite
    /// answers `min` and `max` from the key only when each is alone in its SELECT; together they
    /// scan the whole log).
    static let changeLogBoundsSQL = "SELECT (SELECT min(seq) FROM change_log), (SELECT max(seq) FROM change_log)"

    /// The changes after `sequence` and the log's bounds, from one snapshot.
    static func changeLogPage(_ db: Database, after sequence: Int64, limit: Int) throws -> ChangeLogPage {
        let changes = try Row.fetchAll(db, sql: """
            SELECT seq, photo_id, content_version, changed_at FROM change_log WHERE seq > ? ORDER BY seq LIMIT ?
            """, arguments: [sequence, limit]).map { row in
            CellChange(sequence: row[0], photoID: row[1], contentVersion: row[2], changedAt: row[3])
        }
        let bounds = try Row.fetchOne(db, sql: changeLogBoundsSQL)
        let head: Int64 = bounds?[1] ?? 0
        let oldest: Int64? = bounds?[0]
        return ChangeLogPage(changes: changes, horizon: oldest.map { $0 - 1 } ?? head, head: head)
    }

    /// The highest sequence number the next pruning transaction deletes, or nil when `retention`
    /// keeps every row (``ChangeRetention/pruneLimit(oldest:head:firstYoung:)``, from the log's
    /// bounds and its first row written within `maxAge` of the newest).
    private static func pruneLimit(_ db: Database, _ retention: ChangeRetention) throws -> Int64? {
        guard let bounds = try Row.fetchOne(db, sql: changeLogBoundsSQL),
              let oldest: Int64 = bounds[0], let head: Int64 = bounds[1] else { return nil }
        let firstYoung: Int64 = try Int64.fetchOne(db, sql: """
            SELECT seq FROM change_log
            WHERE changed_at >= (SELECT changed_at FROM change_log WHERE seq = ?) - ? ORDER BY seq LIMIT 1
            """, arguments: [head, retention.maxAge]) ?? head
        return retention.pruneLimit(oldest: oldest, head: head, firstYoung: firstYoung)
    }
}
