import FeedModel
import PostgresNIO

/// The change log (``ChangeLogReading``): rows appended at commit by the deferred
/// `photo_change_logged` trigger (Migrations/postgresql/0008), read in one snapshot, pruned in
/// short transactions that do not notify the change watchers (pruning changes no cell).
extension PostgresFeedStore: ChangeLogReading {
    public func changes(after sequence: Int64, limit: Int) async throws -> ChangeLogPage {
        try await read { session in
            let changes = try await session.query("""
                SELECT seq, photo_id, content_version, changed_at FROM change_log
                WHERE seq > \(sequence) ORDER BY seq LIMIT \(Int64(limit))
                """).rows.map { row in
                let (sequence, photoID, version, changedAt) = try row.decode((Int64, Int64, Int64, Int64).self)
                return CellChange(sequence: sequence, photoID: photoID, contentVersion: version, changedAt: changedAt)
            }
            let (oldest, head) = try await Self.changeLogBounds(session)
            return ChangeLogPage(changes: changes, horizon: oldest.map { $0 - 1 } ?? head, head: head)
        }
    }

    public func pruneChangeLog(_ retention: ChangeRetention) throws -> Int {
        var deleted = 0
        while true {
            let count = try blockingSession { session in
                try await session.transaction {
                    guard let through = try await Self.pruneLimit(session, retention) else { return 0 }
                    return try await session.execute("DELETE FROM change_log WHERE seq <= \(through)")
                }
            }
            deleted += count
            if count < retention.batchSize { return deleted }
        }
    }

    /// The oldest and newest sequence numbers the log holds (nil and 0 when it is empty).
    private static func changeLogBounds(_ session: PostgresSession) async throws -> (oldest: Int64?, head: Int64) {
        let row = try await session.query("SELECT min(seq), max(seq) FROM change_log").rows.first
        let (oldest, head) = try row?.decode((Int64?, Int64?).self) ?? (nil, nil)
        return (oldest, head ?? 0)
    }

    /// The highest sequence number the next pruning transaction deletes, or nil when `retention`
    /// keeps every row (``ChangeRetention/pruneLimit(oldest:head:firstYoung:)``).
    private static func pruneLimit(_ session: PostgresSession, _ retention: ChangeRetention) async throws -> Int64? {
        let (oldest, head) = try await changeLogBounds(session)
        guard let oldest else { return nil }
        let young = try await session.query("""
            SELECT seq FROM change_log
            WHERE changed_at >= (SELECT changed_at FROM change_log WHERE seq = \(head)) - \(retention.maxAge)
            ORDER BY seq LIMIT 1
            """).rows.first
        let firstYoung = try young?.decode(Int64.self) ?? head
        return retention.pruneLimit(oldest: oldest, head: head, firstYoung: firstYoung)
    }
}
