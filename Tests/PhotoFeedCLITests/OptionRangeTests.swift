import Foundation
import PhotoFeedCLI
import LayoutTestSupport
import Testing
import StoreTestSupport

/// Every numeric option has a documented range (docs/user-guide.md); a value outside it, even
/// one the option's type accepts, is a usage error (64) with one `error:` line naming the
/// option, before the command touches anything.
@Suite(.blockingWork) struct OptionRangeTests {
    /// Values that crashed the program or made 0 × 0 cells, each with the start of its line.
    @Test(arguments: [
        (["feed", "--width", "375", "--limit", "100000000"], "--limit must be from 1 to 10000, not 100000000"),
        (["feed", "--width", "375", "--limit", "0"], "--limit must be from 1 to 10000, not 0"),
        (["layout", "show", "--photo", "1", "--width", "375", "--columns", "100000"],
         "--columns must be from 4 to 1000, not 100000"),
        (["sync", "--clock", "virtual", "--duration", "1e16"], "--duration must be from 0.001 to 1000000000 seconds"),
        (["sync", "--concurrency", "100000000"], "--concurrency must be from 1 to 1024"),
        (["sync", "--max-attempts", "1000000000"], "--max-attempts must be from 1 to 100"),
        (["sync", "--batch-size", "0"], "--batch-size must be from 1 to 100000"),
        (["sync", "--failure-rate", "nan"], "--failure-rate must be from 0 to 1, not nan"),
        (["seed", "--generate", "1000000000"], "--generate must be from 1 to 1000000"),
        (["feed", "--width", "1e7"], "--width must be from 1 to 10000 points, not 10000000"),
        (["feed", "--width", "0"], "--width must be from 1 to 10000 points, not 0"),
        (["feed", "--width", "375", "--scale", "1.8e308"], "--scale must be from 0.5 to 10, not inf"),
        (["feed", "--width", "375", "--scale", "1.79e308"], "--scale must be from 0.5 to 10, not 1.79e+308"),
        (["layout", "show", "--photo", "1", "--width", "375", "--scale", "1e-300"], "--scale must be from 0.5 to 10"),
    ])
    func outOfRangeIsAUsageErrorNamingTheOption(arguments: [String], message: String) async throws {
        let db = try FeedTestStore.temporaryDirectory().appendingPathComponent("feed.sqlite").path
        let result = await CommandRunner.runAsync(arguments + ["--db", db])
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err.count == 1)
        #expect(result.err.first?.hasPrefix("error: \(message)") == true, "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: db), "refused before the database is opened")
    }

    /// `--busy-timeout` is every database command's; SQLite counts it in 32-bit milliseconds.
    @Test(arguments: [
        ["migrate"], ["seed"], ["feed", "--width", "375"], ["sync", "--clock", "virtual"], ["layouts", "report"],
        ["layout", "show", "--photo", "1", "--width", "375"], ["demo"],
    ])
    func aBusyTimeoutBeyondADayIsRefusedByEveryCommand(command: [String]) async throws {
        let db = try FeedTestStore.temporaryDirectory().appendingPathComponent("feed.sqlite").path
        let result = await CommandRunner.runAsync(command + ["--db", db, "--busy-timeout", "2147484"])
        #expect(result.status == 64)
        #expect(result.err.count == 1)
        #expect(result.err.first?.hasPrefix("error: --busy-timeout must be from 0 to 86400 seconds, not 2147484")
                == true, "\(result.err)")
    }

    /// Widths and scales that would give 0 × 0 cells never reach the layout cache.
    @Test func refusedWidthsAndScalesAreNeverCached() async throws {
        let db = try FeedTestStore.seededFile()
        let refused = [["--width", "1e7"], ["--width", "375", "--scale", "1.8e308"], ["--width", "375", "--scale", "0"]]
        for extra in refused {
            let result = await CommandRunner.runAsync(["feed", "--db", db] + extra)
            #expect(result.status == 64, "\(extra)")
        }
        let report = await CommandRunner.runAsync(["layouts", "report", "--db", db, "--format", "json"])
        #expect(report.out.first?.contains(#""entries":0"#) == true, "\(report.out)")
    }

    @Test func theBoundsThemselvesAreAccepted() async throws {
        let db = try FeedTestStore.seededFile()
        let wide = await CommandRunner.runAsync(["feed", "--db", db, "--width", "10000", "--scale", "10",
                                                 "--limit", "10000", "--busy-timeout", "86400", "--format", "json"])
        #expect(wide.status == 0, "\(wide.err)")
        #expect(wide.out.first?.contains(#""size":[10000,"#) == true)
        let narrow = await CommandRunner.runAsync(["layout", "show", "--db", db, "--photo", "1", "--width", "1",
                                                   "--scale", "0.5", "--columns", "4"])
        #expect(narrow.status == 0, "\(narrow.err)")
    }

    /// A narrow, tall cell drawn on many columns would take rows × columns characters beyond
    /// measure: refused, with the columns that fit.
    @Test func aDrawingTooLargeIsAUsageError() async throws {
        let db = try FeedTestStore.seededFile()
        let result = await CommandRunner.runAsync(["layout", "show", "--db", db, "--photo", "1", "--width", "1",
                                                   "--columns", "1000"])
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err.count == 1)
        #expect(result.err.first?.hasPrefix("error: --columns 1000 would draw this cell on ") == true, "\(result.err)")
    }
}
