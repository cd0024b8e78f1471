import Foundation
import PhotoFeedCLI
import LayoutTestSupport
import Testing
import StoreTestSupport

/// A usage error blames what the user typed wrong: a mistyped command (not the options after
/// it), the option out of range under a default subcommand (not `--db`), and a negative number
/// is an option's value, checked against its range, never a "missing value".
@Suite(.blockingWork) struct UsageBlameTests {
    @Test(arguments: [
        (["fed", "--width", "375"], "error: unknown command 'fed'; did you mean 'feed'? (see 'photofeed --help')"),
        (["fed"], "error: unknown command 'fed'; did you mean 'feed'? (see 'photofeed --help')"),
        (["zzzz", "--db", "x"], "error: unknown command 'zzzz' (see 'photofeed --help')"),
        (["layout", "shw", "--photo", "1"],
         "error: unknown command 'shw'; did you mean 'show'? (see 'photofeed layout --help')"),
        (["jobs", "lst"], "error: unknown command 'lst'; did you mean 'list'? (see 'photofeed jobs --help')"),
        (["layouts", "reprot"],
         "error: unknown command 'reprot'; did you mean 'report'? (see 'photofeed layouts --help')"),
    ])
    func aMistypedCommandIsNamedWithTheOneMeant(arguments: [String], line: String) async {
        let result = await CommandRunner.runAsync(arguments)
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err == [line])
    }

    @Test func anOptionOfADefaultSubcommandIsBlamedForItsOwnValue() async throws {
        let db = try FeedTestStore.seededFile()
        let result = await CommandRunner.runAsync(["jobs", "--db", db, "--limit", "0"])
        #expect(result.status == 64)
        #expect(result.err == ["error: --limit must be from 1 to 1000000, not 0 (see 'photofeed jobs list --help')"])
    }

    @Test(arguments: [
        (["layout", "show", "--photo", "-1", "--width", "375"], 65, "error: no photo with id -1 in the database"),
        (["layout", "show", "--photo=-1", "--width", "375"], 65, "error: no photo with id -1 in the database"),
        (["feed", "--width", "-5"], 64,
         "error: --width must be from 1 to 10000 points, not -5 (see 'photofeed feed --help')"),
        (["feed", "--width", "375", "--limit", "-3"], 64,
         "error: --limit must be from 1 to 10000, not -3 (see 'photofeed feed --help')"),
    ])
    func aNegativeNumberIsTheOptionsValue(arguments: [String], status: Int32, line: String) async throws {
        let db = try FeedTestStore.seededFile()
        let result = await CommandRunner.runAsync(arguments + ["--db", db])
        #expect(result.status == status)
        #expect(result.err == [line])
    }

    @Test func layoutsAloneIsLayoutsReportAsJobsAloneIsJobsList() async throws {
        let db = try FeedTestStore.seededFile()
        for (alone, full) in [(["layouts"], ["layouts", "report"]), (["jobs"], ["jobs", "list"])] {
            let short = await CommandRunner.runAsync(alone + ["--db", db, "--format", "json"])
            let long = await CommandRunner.runAsync(full + ["--db", db, "--format", "json"])
            #expect(short.status == 0)
            #expect(short.out == long.out)
            #expect(short.out.first?.hasPrefix("{") == true)
        }
    }
}
