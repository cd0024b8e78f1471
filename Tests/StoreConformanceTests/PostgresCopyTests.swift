@testable import FeedStorePostgres
import LayoutTestSupport
import NIOCore
import PostgresNIO
import Testing

/// A COPY of many rows is several statements of whole rows (`PostgresSession.copy`), so that a
/// seed of millions of photos never runs one statement past `statement_timeout`. A statement-level
/// trigger counts the statements; every row arrives once, whole, in order.
@Suite("PostgreSQL COPY in statements of whole rows", .blockingWork, .timeLimit(minutes: 10))
struct PostgresCopyTests {
    @Test func aLargeCopyIsSeveralStatementsOfWholeRows() async throws {
        let store = try PostgresFeedStore(location: try TestCluster.freshSchema(),
                                          migrationsDirectory: StoreFactory.postgresMigrations)
        var rows = CopyTextRows()
        for id in 1 ... 1_000 {
            rows.integer(Int64(id))
            rows.text(String(repeating: "row \(id)\twith a tab and a\nnewline ", count: id % 7 + 1))
            rows.endRow()
        }
        let (copied, statements) = try await store.withSession { session in
            try await session.script("""
                CREATE TABLE copy_probe (id bigint, body text);
                CREATE TABLE copy_statements (n bigint);
                INSERT INTO copy_statements VALUES (0);
                CREATE FUNCTION count_copy_statement() RETURNS trigger LANGUAGE plpgsql AS $$
                    BEGIN UPDATE copy_statements SET n = n + 1; RETURN NULL; END $$;
                CREATE TRIGGER counted AFTER INSERT ON copy_probe
                    FOR EACH STATEMENT EXECUTE FUNCTION count_copy_statement();
                """)
            try await session.copy(into: "copy_probe", columns: ["id", "body"], rows: rows.buffer, statementBytes: 4_096)
            let copied = try await session.query("SELECT id, body FROM copy_probe ORDER BY id").rows
                .map { try $0.decode((Int64, String).self) }
            let statements = try await session.query("SELECT n FROM copy_statements").rows.first?.decode(Int64.self)
            return (copied, statements)
        }

        #expect(copied.count == 1_000)
        #expect(copied.allSatisfy { id, body in
            body == String(repeating: "row \(id)\twith a tab and a\nnewline ", count: Int(id) % 7 + 1)
        })
        // About 190 KiB of rows in statements of at most 4 KiB of whole rows.
        let bytes = rows.buffer.readableBytes
        #expect((statements ?? 0) >= bytes / 4_096 && (statements ?? 0) <= 2 * bytes / 4_096 + 1,
                "\(String(describing: statements)) statements for \(bytes) bytes")
    }

    @Test func aRowLongerThanAStatementGoesAlone() {
        var rows = ByteBuffer(string: "1\tshort\n2\t\(String(repeating: "x", count: 100))\n3\tend\n")
        let first = PostgresSession.wholeRows(&rows, upTo: 16)
        let second = PostgresSession.wholeRows(&rows, upTo: 16)
        let third = PostgresSession.wholeRows(&rows, upTo: 16)
        #expect(String(buffer: first) == "1\tshort\n")
        #expect(String(buffer: second) == "2\t\(String(repeating: "x", count: 100))\n")
        #expect(String(buffer: third) == "3\tend\n")
        #expect(rows.readableBytes == 0)
    }
}
