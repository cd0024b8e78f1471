import FeedStorePostgres
import GRDB
import LayoutTestSupport
import Testing

/// Another application's database (an `orders` table, none of photofeed's) is refused on both
/// stores before anything is written to it: one line in the same words, status 65, and the
/// database left as it was.
@Suite("Another application's database", .blockingWork, .timeLimit(minutes: 10))
struct ForeignDatabaseTests {
    static let orders = "CREATE TABLE orders (id integer PRIMARY KEY, total integer NOT NULL)"

    @Test(arguments: [["migrate"], ["seed"], ["layouts", "report"], ["feed", "--width", "375"]])
    func anotherApplicationsDatabaseIsRefusedAndLeftAsItWas(_ command: [String]) async throws {
        // Given a SQLite file and a PostgreSQL schema that each hold an orders table
        let both = try BothStores()
        let file = try DatabaseQueue(path: both.sqlite)
        try await file.write { db in try db.execute(sql: Self.orders) }
        try file.close()
        try both.executeOnPostgres(Self.orders)

        // When a command opens each
        let (sqlite, postgres) = await both.run(command)

        // Then each refuses it in the same words and status, naming it
        let url = try PostgresLocation(url: both.postgres).description
        #expect(sqlite.status == 65 && postgres.status == 65)
        #expect(sqlite.out.isEmpty && postgres.out.isEmpty)
        #expect(sqlite.err == ["error: \(both.sqlite) is another application's SQLite database, not a photofeed one; "
                + "it was left unchanged"])
        #expect(postgres.err == ["error: \(url) is another application's PostgreSQL database, not a photofeed one; "
                + "it was left unchanged"])

        // And neither got a table of photofeed's
        let tables = try await DatabaseQueue(path: both.sqlite).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
        }
        #expect(tables == ["orders"])
        #expect(try both.countOnPostgres(
            "SELECT COUNT(*) FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'") == 1)
    }
}
