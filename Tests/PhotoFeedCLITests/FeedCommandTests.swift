import ArgumentParser
import Foundation
import PhotoFeed
import PhotoFeedCLI
import Testing
import StoreTestSupport

/// `photofeed feed`, `photofeed layout show` and `photofeed layouts report` on the four-photo
/// test feed (FeedTestStore) in a temporary database file, run in-process with captured output.
@Suite struct FeedCommandTests {
    static let page375 = #"""
        {"items":[{"photoId":4,"layout":{"size":[375,473],"nodes":[{"id":"avatar","frame":[10,10,30,30]},\#
        {"id":"userName","frame":[50,16.5,29,16.5]},{"id":"time","frame":[348.5,16.5,16.5,16.5]},\#
        {"id":"photo","frame":[0,50,375,375]},{"id":"likes","frame":[10,430,355,16.5]},\#
        {"id":"description","frame":[10,451.5,355,16.5]}]},"cache":"CACHE"},\#
        {"photoId":1,"layout":{"size":[375,620.5],"nodes":[{"id":"avatar","frame":[10,10,30,30]},\#
        {"id":"userName","frame":[50,8.5,114,16.5]},{"id":"location","frame":[50,25,114,16.5]},\#
        {"id":"time","frame":[342,16.5,23,16.5]},{"id":"photo","frame":[0,50,375,468.5]},\#
        {"id":"likes","frame":[10,523.5,355,16.5]},{"id":"description","frame":[10,545,355,16.5]},\#
        {"id":"comments","frame":[10,566.5,355,49]}]},"cache":"CACHE"},\#
        {"photoId":3,"layout":{"size":[375,494.5],"nodes":[{"id":"avatar","frame":[10,10,30,30]},\#
        {"id":"userName","frame":[50,16.5,38,16.5]},{"id":"time","frame":[347,16.5,18,16.5]},\#
        {"id":"photo","frame":[0,50,375,375]},{"id":"likes","frame":[10,430,355,16.5]},\#
        {"id":"description","frame":[10,451.5,355,16.5]},{"id":"comments","frame":[10,473,355,16.5]}]},\#
        "cache":"CACHE"}],"next":"djE6MTc0OTY0MzIwMDAwMDoz"}
        """#

    @Test func feedJSONGolden() throws {
        let db = try FeedTestStore.seededFile()
        let args = ["feed", "--db", db, "--width", "375", "--limit", "3", "--format", "json"]
        let first = CommandRunner.run(args)
        #expect(first.status == 0 && first.err.isEmpty)
        #expect(first.out == [Self.page375.replacingOccurrences(of: "CACHE", with: "miss")])
        let second = CommandRunner.run(args)
        #expect(second.out == [Self.page375.replacingOccurrences(of: "CACHE", with: "hit")])

        let last = CommandRunner.run(["feed", "--db", db, "--width", "375", "--limit", "3", "--format", "json",
                                 "--after", "djE6MTc0OTY0MzIwMDAwMDoz"])
        #expect(last.out.count == 1)
        #expect(last.out[0].hasPrefix(#"{"items":[{"photoId":2,"layout":{"size":[375,505.5],"#))
        #expect(last.out[0].hasSuffix(#""cache":"miss"}],"next":null}"#))
    }

    @Test func feedTextListsThePage() throws {
        let db = try FeedTestStore.seededFile()
        _ = CommandRunner.run(["feed", "--db", db, "--width", "375", "--limit", "1"])
        let result = CommandRunner.run(["feed", "--db", db, "--width", "375", "--limit", "2"])
        #expect(result.out == [
            "feed at width 375, scale 2: 2 photos, 1 from the layout cache, 1 computed",
            "  photo 4  @ana  375×473  hit  Rooftops at noon.",
            "  photo 1  @ana  375×620.5  miss  Fog on the water.",
            "next: djE6MTc0OTk4ODUwMDAwMDox",
        ])
    }

    @Test func feedHTMLDrawsTheCachedLayouts() throws {
        let db = try FeedTestStore.seededFile()
        let result = CommandRunner.run(["feed", "--db", db, "--width", "375", "--limit", "2", "--format", "html"])
        #expect(result.status == 0)
        let html = result.out.joined(separator: "\n")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("Berlin, Germany") && html.contains("chen Where is this?"))
        #expect(html.components(separatedBy: "<section class=\"cell\"").count == 3)
    }

    @Test func badOptionsAreUsageErrors() throws {
        let db = try FeedTestStore.seededFile()
        #expect(CommandRunner.run(["feed", "--db", db, "--width", "0"]).status == 64)
        #expect(CommandRunner.run(["feed", "--db", db, "--width", "375", "--limit", "0"]).status == 64)
        #expect(CommandRunner.run(["feed", "--db", db, "--width", "375", "--scale", "-1"]).status == 64)
        let cursor = CommandRunner.run(["feed", "--db", db, "--width", "375", "--after", "not-a-cursor"])
        #expect(cursor.status == 64)
        #expect(cursor.err == ["error: malformed feed cursor 'not-a-cursor'"])
    }

    static let show320 = #"""
        {"size":[320,552],"nodes":[{"id":"avatar","frame":[10,10,30,30]},{"id":"userName","frame":[50,8.5,114,16.5]},\#
        {"id":"location","frame":[50,25,114,16.5]},{"id":"time","frame":[287,16.5,23,16.5]},\#
        {"id":"photo","frame":[0,50,320,400]},{"id":"likes","frame":[10,455,300,16.5]},\#
        {"id":"description","frame":[10,476.5,300,16.5]},{"id":"comments","frame":[10,498,300,49]}]}
        """#

    @Test func layoutShowJSONGolden() throws {
        let db = try FeedTestStore.seededFile()
        let result = CommandRunner.run(["layout", "show", "--db", db, "--photo", "1", "--width", "320", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.out == [Self.show320])
        // The same layout is now cached and served as the feed's.
        let feed = CommandRunner.run(["feed", "--db", db, "--width", "320", "--limit", "2", "--format", "json"])
        #expect(feed.out.first?.contains(#"{"photoId":1,"layout":\#(Self.show320),"cache":"hit"}"#) == true)
    }

    @Test func layoutShowASCIIGolden() throws {
        let db = try FeedTestStore.seededFile()
        let result = CommandRunner.run(["layout", "show", "--db", db, "--photo", "3", "--width", "375"])
        #expect(result.status == 0)
        #expect(result.out.joined(separator: "\n") == Self.asciiPhoto3)
    }

    /// Photo 3 at 375 pt: no location yet (one header line), image loading (1:1), one comment.
    static let asciiPhoto3 = """
        photo 3 · 375 × 494.5 pt · 80 columns

          +avatar+
          |image~| +userNa~+                                                      +ti~+
          |      | |chen   |                                                      |4d |
          +------+ +-------+                                                      +---+
        +photo--------------------------------------------------------------------------+
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                image (loading)                                |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        |                                                                               |
        +-------------------------------------------------------------------------------+
          +likes----------------------------------------------------------------------+
          |0 likes                                                                    |
          +description----------------------------------------------------------------+
          |Market                                                                     |
          +comments-------------------------------------------------------------------+
          |ana Looks delicious.                                                       |
          +---------------------------------------------------------------------------+


        avatar: (10, 10) 30 × 30 image (loading)
        userName: (50, 16.5) 38 × 16.5 text 14pt bold, 1 line
        time: (347, 16.5) 18 × 16.5 text 14pt regular, 1 line
        photo: (0, 50) 375 × 375 image (loading)
        likes: (10, 430) 355 × 16.5 text 14pt regular, 1 line
        description: (10, 451.5) 355 × 16.5 text 14pt regular, 1 line
        comments: (10, 473) 355 × 16.5 text 14pt regular, 1 line
        """

    @Test func layoutShowSVGHasOneRectPerNode() throws {
        let db = try FeedTestStore.seededFile()
        let result = CommandRunner.run(["layout", "show", "--db", db, "--photo", "1", "--width", "375", "--format", "svg"])
        #expect(result.status == 0)
        let svg = result.out.joined(separator: "\n")
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        #expect(svg.contains(#"x="50" y="25" width="114" height="16.5""#))
        #expect(svg.contains("Berlin, Germany"))
    }

    @Test func unknownPhotoIsBadInput() throws {
        let db = try FeedTestStore.seededFile()
        let result = CommandRunner.run(["layout", "show", "--db", db, "--photo", "42", "--width", "375"])
        #expect(result.status == 65)
        #expect(result.out.isEmpty)
        #expect(result.err == ["error: no photo with id 42 in the database"])
    }

    @Test func layoutsReportTableShowsHeightsAndCounts() throws {
        let db = try FeedTestStore.seededFile()
        _ = CommandRunner.run(["feed", "--db", db, "--width", "375"])
        _ = CommandRunner.run(["feed", "--db", db, "--width", "375", "--limit", "2"])
        let result = CommandRunner.run(["layouts", "report", "--db", db])
        #expect(result.status == 0)
        let lines = result.out.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains("  entries    4"))
        #expect(lines.contains("  hits       2"))
        #expect(lines.contains("  misses     4"))
        #expect(lines.contains("    375    @2x      4  473  494.5  620.5  620.5"))
        #expect(lines.contains("      1    375    @2x   620.5"), "photo 1 is the tallest cell")
    }
}
