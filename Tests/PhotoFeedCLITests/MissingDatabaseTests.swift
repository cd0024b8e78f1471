import Foundation
import PhotoFeedCLI
import LayoutTestSupport
import Testing
import StoreTestSupport

/// Only `migrate`, `seed` and `demo` create a database; every other command needs an existing
/// one, so a mistyped `--db` is one `error:` line (66) and no new file, and a `--db` that cannot
/// name a database (empty, a directory) is a usage error (64).
@Suite(.blockingWork) struct MissingDatabaseTests {
    static let readingCommands: [[String]] = [
        ["layouts", "report"], ["layouts"], ["feed", "--width", "375"],
        ["layout", "show", "--photo", "1", "--width", "375"], ["jobs"], ["jobs", "list"], ["jobs", "retry"],
        ["session", "--duration", "1"], ["sync", "--clock", "virtual"],
    ]

    @Test(arguments: readingCommands)
    func aCommandThatNeedsADatabaseDoesNotCreateOne(command: [String]) async throws {
        // Given a path with no file
        let directory = try FeedTestStore.temporaryDirectory()
        let typo = directory.appendingPathComponent("photfeed.sqlite").path
        // When a command that needs a database is given it
        let result = await CommandRunner.runAsync(command + ["--db", typo])
        // Then it says so, and leaves the directory empty
        #expect(result.status == 66)
        #expect(result.out.isEmpty)
        #expect(result.err == ["error: no database at \(typo); run 'photofeed demo' or 'photofeed seed'"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }

    @Test func anEmptyFileIsNoDatabaseAndStaysEmpty() async throws {
        let directory = try FeedTestStore.temporaryDirectory()
        let touched = directory.appendingPathComponent("feed.sqlite").path
        #expect(FileManager.default.createFile(atPath: touched, contents: Data()))
        let result = await CommandRunner.runAsync(["layouts", "report", "--db", touched])
        #expect(result.status == 66)
        #expect(result.err == ["error: no database at \(touched); run 'photofeed demo' or 'photofeed seed'"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["feed.sqlite"])
        #expect(FileManager.default.contents(atPath: touched) == Data())
    }

    @Test(arguments: [["migrate"], ["seed"]])
    func theCommandsThatMakeADatabaseCreateIt(command: [String]) async throws {
        let path = try FeedTestStore.temporaryDirectory().appendingPathComponent("new.sqlite").path
        let made = await CommandRunner.runAsync(command + ["--db", path, "--format", "json"])
        #expect(made.status == 0, "\(made.err)")
        let report = await CommandRunner.runAsync(["layouts", "report", "--db", path, "--format", "json"])
        #expect(report.status == 0, "\(report.err)")
    }

    @Test func anEmptyDatabaseNameIsAUsageError() async throws {
        for command in Self.readingCommands + [["migrate"], ["seed"]] {
            let result = await CommandRunner.runAsync(command + ["--db", ""])
            #expect(result.status == 64)
            #expect(result.err.count == 1)
            #expect(result.err.first?.hasPrefix(
                "error: --db needs a database file or a postgres:// URL, not an empty string (see 'photofeed ")
                == true, "\(result.err)")
        }
    }

    @Test func aDirectoryIsAUsageError() async throws {
        let directory = try FeedTestStore.temporaryDirectory()
        for command in [["layouts", "report"], ["migrate"]] {
            let result = await CommandRunner.runAsync(command + ["--db", directory.path])
            #expect(result.status == 64)
            #expect(result.err == ["error: --db \(directory.path) is a directory, not a database file "
                                   + "(see 'photofeed \(command.joined(separator: " ")) --help')"])
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
    }
}
