@testable import FeedModel
@testable import FeedStore
import Foundation
import GRDB
import LayoutTestSupport
import Testing

@Suite(.blockingWork) struct RawStatementTests {
    static func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT, score REAL NOT NULL CHECK (score >= 0));
                INSERT INTO item (id, name, score) VALUES (1, 'one', 1.5), (2, NULL, 2.5), (3, 'three', 3.5);
                """)
        }
        return queue
    }

    @Test func executeBindsInOrderAndCountsChangedRows() throws {
        try Self.database().write { db in
            let rename = try RawStatement(db, sql: "UPDATE item SET name = ? WHERE score > ?")
            #expect(try rename.execute("many" as String?, 2.0) == 2)
            #expect(try rename.execute(String?.none, 3.0) == 1, "nil binds NULL")
            let names = try Row.fetchAll(db, sql: "SELECT name FROM item ORDER BY id").map { $0[0] as String? }
            #expect(names == ["one", "many", nil])
            let numbered = try RawStatement(db, sql: "UPDATE item SET name = ?1 WHERE id = ?2 AND name IS NOT ?1")
            #expect(try numbered.execute("one" as StaticString, Int64(1)) == 0, "?1 is bound once, used twice")
            #expect(try numbered.execute("uno" as StaticString, 1) == 1)
        }
    }

    @Test func blobsAndNullableColumnsRoundTrip() throws {
        try Self.database().write { db in
            try db.execute(sql: "CREATE TABLE blob (id INTEGER PRIMARY KEY, bytes BLOB, parent INTEGER)")
            let insert = try RawStatement(db, sql: "INSERT INTO blob (id, bytes, parent) VALUES (?, ?, ?)")
            try insert.execute(Int64(1), Data([0, 1, 254, 255]), Int64?.some(7))
            try insert.execute(Int64(2), Data(), Int64?.none)
            let kinds = try String.fetchAll(db, sql: "SELECT typeof(bytes) FROM blob ORDER BY id")
            #expect(kinds == ["blob", "blob"], "an empty value is an empty blob, not NULL")
            let select = try RawStatement(db, sql: "SELECT bytes, parent, 'x' || id, NULL FROM blob ORDER BY id")
            var rows: [String] = []
            try select.forEachRow {
                rows.append("\(Array(select.data(at: 0))) \(select.optionalInt64(at: 1).map(String.init) ?? "nil") "
                    + "\(select.text(at: 2)) [\(select.text(at: 3))]")
            }
            #expect(rows == ["[0, 1, 254, 255] 7 x1 []", "[] nil x2 []"])
        }
    }

    @Test func rowsAreReadColumnByColumn() throws {
        try Self.database().read { db in
            let select = try RawStatement(db, sql: "SELECT id, name, score FROM item WHERE id >= ? ORDER BY id")
            var rows: [String] = []
            try select.forEachRow(Int64(2)) {
                rows.append("\(select.int64(at: 0)) \(select.string(at: 1) ?? "NULL") \(select.double(at: 2)) "
                    + "\(select.isNull(at: 1))")
            }
            #expect(rows == ["2 NULL 2.5 true", "3 three 3.5 false"])
            #expect(try select.firstRow(Int64(3)) { select.string(at: 1) } == "three")
            #expect(try select.firstRow(Int64(9)) { select.string(at: 1) } == nil, "no row: nil")
            // A statement left after its first row is reset before the next use.
            #expect(try select.firstRow(Int64(1)) { select.int64(at: 0) } == 1)
        }
    }

    @Test func aFailedStepThrowsTheSQLiteErrorAndTheStatementStaysUsable() throws {
        try Self.database().write { db in
            let score = try RawStatement(db, sql: "UPDATE item SET score = ? WHERE id = ?")
            #expect {
                try score.execute(-1.0, Int64(1))
            } throws: { error in
                guard let error = error as? DatabaseError else { return false }
                return error.resultCode == .SQLITE_CONSTRAINT && error.sql?.contains("UPDATE item SET score") == true
            }
            #expect(try score.execute(7.0, Int64(1)) == 1)
        }
    }

    @Test func statesBindTheirStoredText() throws {
        #expect(AssetState.allCases.map { "\($0.staticText)" } == AssetState.allCases.map(\.rawValue))
        #expect(GeocodeState.allCases.map { "\($0.staticText)" } == GeocodeState.allCases.map(\.rawValue))
        #expect(SyncJob.State.allCases.map { "\($0.staticText)" } == SyncJob.State.allCases.map(\.rawValue))
        try Self.database().read { db in
            let echo = try RawStatement(db, sql: "SELECT ?")
            #expect(try echo.firstRow(GeocodeState.resolved) { echo.string(at: 0) } == "resolved")
        }
    }
}
