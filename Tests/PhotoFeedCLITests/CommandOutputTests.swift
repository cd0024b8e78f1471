import Foundation
import PhotoFeed
import PhotoFeedCLI
import LayoutTestSupport
import Testing
import StoreTestSupport

/// Every command prints through `CommandOutput`: run in-process, its lines, `error:` lines and
/// ArgumentParser's messages are all captured, and nothing reaches the process's streams.
@Suite(.blockingWork) struct CommandOutputTests {
    @Test func versionPrintsTheReleaseAndTheLayoutEngineVersion() async {
        let expected = "0.1.0 (layout engine \(EngineVersion.layoutEngine))"
        let result = await CommandRunner.runAsync(["--version"])
        #expect(result.status == 0)
        #expect(result.out == [expected])
        #expect(result.err.isEmpty)
        #expect(CommandRunner.run(["--version"]).out == [expected])
    }

    @Test func migratePrintsTextAndJSONThroughTheOutput() throws {
        let db = try FeedTestStore.temporaryDirectory().appendingPathComponent("feed.sqlite").path
        let first = CommandRunner.run(["migrate", "--db", db, "--to", "0002_create_layout_cache", "--format", "json"])
        #expect(first.status == 0 && first.err.isEmpty)
        #expect(first.out == [#"{"applied":["0001_create_user_photo_location_comment","0002_create_layout_cache"],"#
                              + #""current":"0002_create_layout_cache"}"#])
        let again = CommandRunner.run(["migrate", "--db", db, "--to", "0002_create_layout_cache"])
        #expect(again.out == ["Up to date.", "Current: 0002_create_layout_cache"])
        let rest = CommandRunner.run(["migrate", "--db", db]).out.joined(separator: "\n").split(separator: "\n")
        #expect(rest.first == "Applied 0003_create_sync_job")
        #expect(rest.count >= 3)
        #expect(rest.last?.hasPrefix("Current: ") == true)
    }

    @Test func seedPrintsTextAndJSONThroughTheOutput() throws {
        let db = try FeedTestStore.temporaryDirectory().appendingPathComponent("feed.sqlite").path
        let json = CommandRunner.run(["seed", "--db", db, "--generate", "3", "--format", "json"])
        #expect(json.status == 0 && json.err.isEmpty)
        #expect(json.out.count == 1)
        let counts = try #require(try JSONSerialization.jsonObject(with: Data(json.out[0].utf8)) as? [String: Int])
        #expect(counts["photos"] == 3)
        #expect(counts.keys.sorted() == ["cities", "comments", "locations", "photos", "syncJobs", "users"])
        #expect(json.out[0].hasPrefix(#"{"cities":"#), "keys are sorted")

        let text = CommandRunner.run(["seed", "--db", db, "--generate", "3"])
        #expect(text.out.count == 1)
        #expect(text.out[0].split(separator: "\n").map { $0.split(separator: " ").first ?? "" }
                == ["users", "photos", "locations", "comments", "cities", "sync"])
        #expect(text.out[0].contains("photos     3"))
    }

    @Test func usageErrorsGoToStandardErrorWithStatus64() async {
        let result = await CommandRunner.runAsync(["feed", "--width", "0"])
        #expect(result.status == 64)
        #expect(result.out.isEmpty)
        #expect(result.err == ["error: --width must be from 1 to 10000 points, not 0 (see 'photofeed feed --help')"])
    }

    @Test func helpGoesToStandardOutputWithStatus0() async {
        let result = await CommandRunner.runAsync(["--help"])
        #expect(result.status == 0)
        #expect(result.err.isEmpty)
        #expect(result.out.first?.hasPrefix("OVERVIEW: Texture's layout engine") == true)
    }

    @Test func aFailedCommandWritesOneErrorLine() async throws {
        let db = try FeedTestStore.seededFile()
        let result = await CommandRunner.runAsync(["layout", "show", "--db", db, "--photo", "42", "--width", "375",
                                                   "--format", "json"])
        #expect(result.status == 65)
        #expect(result.out.isEmpty)
        #expect(result.err == ["error: no photo with id 42 in the database"])
    }
}
