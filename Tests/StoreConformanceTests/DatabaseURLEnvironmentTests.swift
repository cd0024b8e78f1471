import FeedStorePostgres
import Foundation
import LayoutTestSupport
import Testing

/// Without `--db`, `photofeed-server` opens `$DATABASE_URL`, completed by the libpq variables as
/// libpq does; `--db` and `$PHOTOFEED_DB` come first.
@Suite("$DATABASE_URL and the PG* variables", .blockingWork, .timeLimit(minutes: 10))
struct DatabaseURLEnvironmentTests {
    /// The variables that name the test cluster's server, user and database, and a URL that gives
    /// only the schema.
    static func environment(schema: String) throws -> [String: String] {
        let cluster = try TestCluster.location()
        return ["PHOTOFEED_DB": "", "DATABASE_URL": "postgres:///?search_path=\(schema)",
                "PGHOST": cluster.host, "PGPORT": "\(cluster.port)", "PGUSER": cluster.username,
                "PGDATABASE": cluster.database, "PGAPPNAME": "photofeed env test"]
    }

    static func location(schema: String) throws -> PostgresLocation {
        var location = try TestCluster.location()
        location.searchPath = schema
        return location
    }

    @Test func theVariablesCompleteTheDatabaseURL() async throws {
        try #require(WorkerProcess.isBuilt, "build photofeed-server first (swift build --build-tests)")
        // Given a fresh schema, named by $DATABASE_URL, the rest by PGHOST, PGPORT, PGUSER, PGDATABASE
        let schema = try #require(try TestCluster.freshSchema().searchPath)
        let environment = try Self.environment(schema: schema)

        // When migrate runs without --db
        let result = try await WorkerProcess.run(["migrate", "--format", "json"], environment: environment)

        // Then it migrated that schema
        #expect(result.status == 0, "\(result.errors)")
        #expect(result.output.contains(#""applied":["#) && result.errors.isEmpty)
        let tables = try TestCluster.count(
            "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = '\(schema)' AND table_name = 'photo'",
            in: Self.location(schema: schema))
        #expect(tables == 1)
    }

    @Test func theOptionAndPhotofeedDBComeFirst() async throws {
        try #require(WorkerProcess.isBuilt, "build photofeed-server first (swift build --build-tests)")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("env-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        // Given $DATABASE_URL naming a schema, and a SQLite file named by $PHOTOFEED_DB
        let schema = try #require(try TestCluster.freshSchema().searchPath)
        var environment = try Self.environment(schema: schema)
        environment["PHOTOFEED_DB"] = directory.appendingPathComponent("env.sqlite").path

        // When migrate runs with $PHOTOFEED_DB, then with --db
        let byVariable = try await WorkerProcess.run(["migrate"], environment: environment)
        let byOption = try await WorkerProcess.run(
            ["migrate", "--db", directory.appendingPathComponent("option.sqlite").path], environment: environment)

        // Then each made its file, and the schema of $DATABASE_URL was never touched
        #expect(byVariable.status == 0 && byOption.status == 0, "\(byVariable.errors)\(byOption.errors)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".sqlite") }
            .sorted() == ["env.sqlite", "option.sqlite"])
        let tables = try TestCluster.count(
            "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = '\(schema)'", in: Self.location(schema: schema))
        #expect(tables == 0)
    }
}
