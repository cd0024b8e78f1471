import Foundation
@testable import PhotoFeedCLI
import LayoutTestSupport
import Testing

/// Which database a command opens without `--db`: `$PHOTOFEED_DB`, else `$DATABASE_URL` (a
/// PostgreSQL URL only), else ./photofeed.sqlite; and the lean executable names the variable
/// that chose a PostgreSQL URL, without its password.
@Suite("--db, $PHOTOFEED_DB, $DATABASE_URL", .blockingWork, .timeLimit(minutes: 10))
struct DatabaseChoiceTests {
    static let url = "postgres://feed:secret@db.example:5432/photos"

    /// Where the choice came from, and what it names.
    static func chosen(_ option: String?, _ environment: [String: String]) -> String {
        let choice = DatabaseChoice(option: option, environment: environment)
        return "\(choice.source.rawValue): \(choice.text)"
    }

    @Test func theFirstGivenWins() {
        let everything = ["PHOTOFEED_DB": "env.sqlite", "DATABASE_URL": Self.url]
        #expect(Self.chosen("flag.sqlite", everything) == "--db: flag.sqlite")
        #expect(Self.chosen(nil, everything) == "$PHOTOFEED_DB: env.sqlite")
        #expect(Self.chosen(nil, ["PHOTOFEED_DB": "", "DATABASE_URL": Self.url]) == "$DATABASE_URL: \(Self.url)")
        // The libpq variables alone never choose PostgreSQL.
        #expect(Self.chosen(nil, ["DATABASE_URL": "", "PGHOST": "db.example", "PGDATABASE": "feed"])
            == "the default database: photofeed.sqlite")
    }

    @Test(arguments: [
        ("mysql://app:secret@db.example/app", "$DATABASE_URL is a mysql:// URL, not a postgres:// one; "),
        ("feed.sqlite", "$DATABASE_URL is 'feed.sqlite', not a postgres:// one; "),
    ])
    func aDatabaseURLThatIsNotPostgresIsRefused(value: String, start: String) {
        let choice = DatabaseChoice(option: nil, environment: ["DATABASE_URL": value])
        let refusal = choice.refusedDatabaseURL
        #expect(refusal == start + "photofeed reads only PostgreSQL URLs from it (--db or $PHOTOFEED_DB name a SQLite file)")
        #expect(refusal?.contains("secret") == false)
        #expect(DatabaseChoice(option: nil, environment: ["DATABASE_URL": Self.url]).refusedDatabaseURL == nil)
    }

    @Test func theLeanExecutableNamesTheVariable() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("choice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var environment = ProcessInfo.processInfo.environment
        environment["PHOTOFEED_DB"] = nil
        environment["DATABASE_URL"] = Self.url
        let postgres = try await PhotoFeedProcess.run(["layouts", "report"], executable: PhotoFeedProcess.built(),
                                                      environment: environment, directory: directory)
        #expect(postgres.status == 64)
        #expect(postgres.standardError == "error: $DATABASE_URL postgres://feed@db.example:5432/photos: this photofeed "
            + "opens SQLite database files only; PostgreSQL needs photofeed-server\n")

        environment["DATABASE_URL"] = "mysql://app:secret@db.example/app"
        let other = try await PhotoFeedProcess.run(["layouts", "report"], executable: PhotoFeedProcess.built(),
                                                   environment: environment, directory: directory)
        #expect(other.status == 64)
        #expect(other.standardError.hasPrefix("error: $DATABASE_URL is a mysql:// URL, not a postgres:// one"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
