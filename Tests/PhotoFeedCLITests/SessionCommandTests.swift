import Foundation
import LayoutTestSupport
import StoreTestSupport
import Testing

/// `photofeed session` on the four-photo test feed and on the curated set, run in-process.
@Suite(.blockingWork) struct SessionCommandTests {
    static func json(_ arguments: [String]) throws -> [String: Any] {
        let result = CommandRunner.run(arguments)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.count == 1)
        let text = try #require(result.out.first)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func jsonHasTheReportsShape() throws {
        // Given the test feed, scrolled for 3 steps
        let db = try FeedTestStore.seededFile()
        let report = try Self.json(["session", "--db", db, "--duration", "0.05", "--format", "json"])

        // Then the report has its settings, one object per step, the shifts, the placeholders and
        // the totals (no prefetch comparison without --prefetch-layouts)
        #expect(Set(report.keys) == ["configuration", "steps", "totals", "shifts", "placeholders"])
        let settings = try #require(report["configuration"] as? [String: Any])
        #expect(Set(settings.keys) == ["width", "height", "scale", "stepsPerSecond", "seed", "prefetchLayouts",
                                       "script"])
        #expect(settings["script"] as? String == "speed 600 pt/s")
        let steps = try #require(report["steps"] as? [[String: Any]])
        #expect(steps.count == 3)
        #expect(Set(steps[0].keys) == ["step", "seconds", "offset", "contentHeight", "cells", "visible", "display",
                                       "preload", "rangeMode", "pagesFetched", "jobsRequested", "jobsEnded",
                                       "placeholders", "shift"])
        #expect(steps.map { $0["offset"] as? Double } == [0, 10, 20])
        let totals = try #require(report["totals"] as? [String: Any])
        #expect(Set(totals.keys) == ["steps", "seconds", "cells", "pagesFetched", "cellsShown", "jobsRequested",
                                     "jobsSucceeded", "jobsFailed", "placeholderCells", "placeholderSeconds",
                                     "longestPlaceholderSeconds", "shiftEvents", "cumulativeShift"])
        #expect(totals["cells"] as? Int == 4 && totals["pagesFetched"] as? Int == 1)

        // And with --prefetch-layouts the comparison is there
        let prefetched = try Self.json(["session", "--db", db, "--duration", "0.05", "--format", "json",
                                        "--prefetch-layouts"])
        let prefetch = try #require(prefetched["prefetch"] as? [String: Any])
        #expect(Set(prefetch.keys) == ["cumulativeShiftWithout", "cumulativeShiftWith", "saved",
                                       "cellsWithPrecomputedHeight"])
    }

    @Test func theSameSeedPrintsTheSameReport() throws {
        let db = try FeedTestStore.seededFile()
        let arguments = ["session", "--db", db, "--speed", "1500", "--rng-seed", "9"]
        let first = CommandRunner.run(arguments), second = CommandRunner.run(arguments)
        #expect(first.status == 0 && first.out == second.out)
        #expect(first.out.first == "session 375×667 @2x, speed 1500 pt/s, 60 steps/s, seed 9")
        #expect(first.out.contains { $0.hasPrefix("totals: ") })
    }

    @Test func textAndHTMLWithKeyframes() throws {
        let db = try FeedTestStore.seededFile()
        let directory = try FeedTestStore.temporaryDirectory()
        let script = directory.appendingPathComponent("script.txt")
        try "0:0\n0.5:800\n1:800\n".write(to: script, atomically: true, encoding: .utf8)
        let html = directory.appendingPathComponent("session.html")
        let result = CommandRunner.run(["session", "--db", db, "--offsets", "@\(script.path)", "--html", html.path])
        #expect(result.status == 0, "\(result.err)")
        // 1 s of keyframes: steps 0 … 60 (the last at the last keyframe's time); at offset 800 the
        // viewport ends at 1467, above photo 2 (1510–2020.5), so three cells were shown
        #expect(result.out.first == "session 375×667 @2x, keyframes 0:0 0.5:800 1:800, 60 steps/s, seed 1")
        #expect(result.out.contains("totals: 61 steps (1.017 s); cells 4, pages 1, shown 3"))
        let page = try String(contentsOf: html, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("<svg id=\"timeline\""))
    }

    @Test(arguments: [
        (["--speed", "600", "--offsets", "0:0"], "give --speed or --offsets, not both"),
        (["--speed", "0"], "--speed 0 never reaches the end of the feed: give --duration"),
        (["--offsets", "1:0,0:5"], "--offsets takes seconds:points pairs in ascending time, as \"0:0,1.5:2000\""),
        (["--steps-per-second", "0"], "--steps-per-second must be from 1 to 1000, not 0"),
        (["--offsets", "@/nonexistent/script"],
         "--offsets: cannot read /nonexistent/script (see 'photofeed session --help')"),
    ]) func usageErrors(arguments: [String], message: String) throws {
        let db = try FeedTestStore.seededFile()
        let result = CommandRunner.run(["session", "--db", db] + arguments)
        #expect(result.status == 64)
        #expect(result.err.contains { $0.contains(message) }, "\(result.err)")
    }

    /// The curated set's first cells at 375 points before their comment feeds arrive (the cell's
    /// layout of their texts, as `feed` prints it after seeding): 478, 478, 478, 478, 482, 478;
    /// every photo's image, owner's avatar, location and comment feed pending after seeding; the
    /// first six photos have six owners, and of the first 24 only photo 2206 (cell 8) has no
    /// location. Photo 67's first comment page adds one label (20.5 points: 5 of spacing and a
    /// 15.5-point line), photo 540's three (59.5).
    @Test(.tags(.slow), .notInQuickRuns) func oneSecondOverTheCuratedSet() throws {
        let directory = try FeedTestStore.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("curated.sqlite").path
        #expect(CommandRunner.run(["seed", "--db", db]).status == 0)
        let report = try Self.json(["session", "--db", db, "--duration", "1", "--format", "json"])
        let steps = try #require(report["steps"] as? [[String: Any]])
        func column(_ key: String) -> [Int] { steps.map { $0[key] as? Int ?? -1 } }
        #expect(steps.count == 60)

        // Step 0 fetches the first page (1,912 points); step 1, at offset 10, has
        // 1912 − 667 − 10 = 1235 ≤ 1667.5 points left and fetches 20; the next fetch would need
        // an offset past 9,000 points, far beyond the 590 reached
        #expect(column("pagesFetched") == [1, 1] + Array(repeating: 0, count: 58))
        #expect(column("cells") == [4] + Array(repeating: 24, count: 59))
        // Once their comments are in (steps 13 and 31), cells 0 (0–498.5) and 1 (498.5–1036) are
        // on screen; cell 2 (from 1036) joins once the viewport's bottom passes 1036 (offset 370,
        // step 37) and cell 0 leaves at offset 500 (step 50)
        #expect(column("visible") == Array(repeating: 2, count: 37) + Array(repeating: 3, count: 13)
                + Array(repeating: 2, count: 10))
        // Each page asks for its photos' reverse geocodes as it arrives (4 at step 0, 19 at step 1),
        // and each new cell for its image, avatar and comment feed as it enters the preload range:
        // cells 0–2 in Minimum's (to 1000.5); cells 3 and 4 in Full's (to offset + 2334.5 = 2344.5
        // at step 1); cell 5, from 2394, at offset 60 (60 + 2334.5 = 2394.5), step 6
        var requested = Array(repeating: 0, count: 60)
        requested[0] = 4 + 9; requested[1] = 19 + 6; requested[6] = 3
        #expect(column("jobsRequested") == requested)
        let totals = try #require(report["totals"] as? [String: Any])
        #expect(totals["jobsRequested"] as? Int == 41 && totals["cellsShown"] as? Int == 3)
        // A location label does not change these cells' heights (the header's 50 points, set by
        // the avatar and its insets, hold the name and the place, 16.5 each); the comment feeds
        // do, and both cells are on screen (loaded) when theirs arrive: photo 67 grows by 20.5 at
        // step 13 and moves photo 540 down as much, which grows by 59.5 at step 31 (its comment
        // feed, the tenth job of step 0, waits for one of the 8 slots behind the page's four
        // geocodes): 100.5 points in three shifts
        #expect(totals["cumulativeShift"] as? Double == 100.5 && totals["shiftEvents"] as? Int == 3)
        let shifts = try #require(report["shifts"] as? [[String: Any]])
        #expect(shifts.map { $0["step"] as? Int } == [13, 13, 31])
    }
}
