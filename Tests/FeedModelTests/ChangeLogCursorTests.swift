import FeedModel
import Testing

/// A reader's position in the change log: pages of the latest change of each photo, a stop at
/// `through`, and a lost position moved to the head.
@Suite struct ChangeLogCursorTests {
    /// A log held in memory, with a horizon.
    struct Log: ChangeLogReading {
        var rows: [CellChange]
        var horizon: Int64 = 0

        func changes(after sequence: Int64, limit: Int) async throws -> ChangeLogPage {
            ChangeLogPage(changes: Array(rows.filter { $0.sequence > sequence }.prefix(limit)), horizon: horizon,
                          head: rows.last?.sequence ?? horizon)
        }

        func pruneChangeLog(_ retention: ChangeRetention) throws -> Int { 0 }
    }

    static let log = Log(rows: [(1, 10), (2, 11), (3, 10), (4, 12), (5, 11)].map { sequence, photo in
        CellChange(sequence: sequence, photoID: photo, contentVersion: 1, changedAt: 0)
    })

    @Test func pagesGiveEachPhotosLatestChangeInOrder() async throws {
        var cursor = ChangeLogCursor(position: 0)
        let first = try await cursor.next(from: Self.log, pageSize: 3)
        #expect(first == .changes([Self.log.rows[1], Self.log.rows[2]]) && cursor.position == 3)
        let second = try await cursor.next(from: Self.log, pageSize: 3)
        #expect(second == .changes([Self.log.rows[3], Self.log.rows[4]]) && cursor.position == 5)
        #expect(try await cursor.next(from: Self.log, pageSize: 3) == .changes([]))
    }

    @Test func aCursorStopsAtThrough() async throws {
        var cursor = ChangeLogCursor(position: 1)
        #expect(try await cursor.next(from: Self.log, through: 3) == .changes([Self.log.rows[1], Self.log.rows[2]]))
        #expect(try await cursor.next(from: Self.log, through: 3) == .changes([]))
        #expect(cursor.position == 3)
    }

    @Test func aPositionBelowTheHorizonOrPastTheHeadIsLost() async throws {
        var pruned = Self.log
        pruned.rows.removeFirst(2)
        pruned.horizon = 2
        var behind = ChangeLogCursor(position: 1)
        #expect(try await behind.next(from: pruned) == .lost(horizon: 2, head: 5) && behind.position == 5)
        var atHorizon = ChangeLogCursor(position: 2)
        #expect(try await atHorizon.next(from: pruned) == .changes([pruned.rows[0], pruned.rows[1], pruned.rows[2]]))
        var ahead = ChangeLogCursor(position: 9)
        #expect(try await ahead.next(from: pruned, through: 4) == .changes([]))
        var elsewhere = ChangeLogCursor(position: 9)
        #expect(try await elsewhere.next(from: pruned) == .lost(horizon: 2, head: 5) && elsewhere.position == 5)
    }
}
