import Foundation
import GRDB
import PhotoFeedCLI
import LayoutTestSupport
import Testing
import StoreTestSupport

/// Errors a user can act on: one `error:` line in one spelling, a mistyped option answered with
/// the option meant, database errors that name the file and say what is wrong, arguments that
/// are not UTF-8 shown as they are, and `migrate --to` an older migration refused.
@Suite(.blockingWork) struct ErrorLineTests {
    @Test(arguments: [
        (["feed", "--widht", "3"],
         "error: unknown option '--widht'; did you mean '--width'? (see 'photofeed feed --help')"),
        (["feed", "--width", "3", "--limt", "3"],
         "error: unknown option '--limt'; did you mean '--limit'? (see 'photofeed feed --help')"),
        (["layout", "show", "--photo", "1", "--width", "375", "--colums", "9"],
         "error: unknown option '--colums'; did you mean '--columns'? (see 'photofeed layout show --help')"),
        (["sync", "--untill-idle"],
         "error: unknown option '--untill-idle'; did you mean '--until-idle'? (see 'photofeed sync --help')"),
        (["feed", "--width", "3", "--zzzzzz", "1"], "error: unknown option '--zzzzzz' (see 'photofeed feed --help')"),
    ])
    func aMistypedOptionSuggestsTheRightOne(arguments: [String], line: String) async {
        let result = await CommandRunner.runAsync(arguments)
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err == [line])
    }

    @Test(arguments: [
        (["feed"], "error: missing expected argument '--width <width>' (see 'photofeed feed --help')"),
        (["feed", "--width", "abc"],
         "error: the value 'abc' is invalid for '--width <width>' (see 'photofeed feed --help')"),
        (["sync", "--until-idle", "--duration", "3"],
         "error: --until-idle and --duration exclude each other; give one of them (see 'photofeed sync --help')"),
    ])
    func usageErrorsHaveOneLowerCaseErrorLine(arguments: [String], line: String) async {
        let result = await CommandRunner.runAsync(arguments)
        #expect(result.status == 64)
        #expect(result.err == [line])
    }

    @Test func databaseErrorsNameTheFileAndSayWhatIsWrong() async throws {
        let directory = try FeedTestStore.temporaryDirectory()
        let missing = directory.appendingPathComponent("no-such-dir/feed.sqlite").path
        let migrate = await CommandRunner.runAsync(["migrate", "--db", missing])
        #expect(migrate.status == 70)
        #expect(migrate.err == ["error: the database \(missing): SQLite error 14: unable to open database file "
                                + "(the directory \(directory.path)/no-such-dir does not exist)"])

        let seed = await CommandRunner.runAsync(["seed", "--db", missing])
        #expect(seed.status == 70)
        #expect(seed.err == migrate.err)

        let garbage = directory.appendingPathComponent("garbage.sqlite")
        try Data(String(repeating: "not a database ", count: 100).utf8).write(to: garbage)
        let notADatabase = await CommandRunner.runAsync(["migrate", "--db", garbage.path])
        #expect(notADatabase.status == 65)
        #expect(notADatabase.err == ["error: \(garbage.path) is not a usable database: file is not a database"])
    }

    @Test func migratingToAnOlderMigrationIsRefusedAndChangesNothing() async throws {
        let db = try FeedTestStore.seededFile()
        func schema() throws -> [String] {
            try DatabaseQueue(path: db).read { db in
                try String.fetchAll(db, sql: "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL ORDER BY name")
                    + String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
            }
        }
        let before = try schema()
        let current = try #require(before.last)
        let first = "0001_create_user_photo_location_comment"
        let result = await CommandRunner.runAsync(["migrate", "--db", db, "--to", first])
        #expect(result.status == 65)
        #expect(result.err == ["error: the database \(db) is at \(current), newer than \(first); "
                               + "migrations only run forward"])
        #expect(try schema() == before)

        let same = await CommandRunner.runAsync(["migrate", "--db", db, "--to", current, "--format", "json"])
        #expect(same.status == 0 && same.out == [#"{"applied":[],"current":"\#(current)"}"#])
    }

    @Test func anArgumentThatIsNotUTF8IsShownAsItIs() async throws {
        let directory = try FeedTestStore.temporaryDirectory()
        let path = Array(directory.appendingPathComponent("caf").path.utf8) + [0xE9, 0xFF] + Array(".sqlite".utf8)
        let captured = CommandRunner.Captured()
        let status = await CommandOutput.$current.withValue(captured.output) {
            await PhotoFeedCommand.execute(rawArguments: [Array("layouts".utf8), Array("report".utf8),
                                                          Array("--db".utf8), path])
        }
        #expect(status == 64)
        #expect(captured.err == [#"error: the value of --db is not valid UTF-8: "#
                                 + #""\#(directory.path)/caf\xE9\xFF.sqlite"; "#
                                 + "photofeed reads paths and arguments as UTF-8 only"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty, "no file was made")

        let valid = await CommandOutput.$current.withValue(captured.output) {
            await PhotoFeedCommand.execute(rawArguments: [Array("--version".utf8)])
        }
        #expect(valid == 0)
    }
}
