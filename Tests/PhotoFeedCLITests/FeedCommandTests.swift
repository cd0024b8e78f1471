import ArgumentParser
import CellDocumentSupport
import Foundation
import PhotoFeed
import PhotoFeedCLI
import LayoutTestSupport
import Testing
import StoreTestSupport

/// `photofeed feed`, `photofeed layout show` and `photofeed layouts report` on the four-photo
/// test feed (FeedTestStore) in a temporary database file, run in-process with captured output.
@Suite(.blockingWork) struct FeedCommandTests {
    /// What each item of the page carries after its layout: the photo, its user, location label,
    /// placemark, likes, title, description, the comment labels shown and every text as the cell
    /// sets it (the description label: the lowercased user name and the title, as ASDKgram's).
    static let content: [Int: String] = [
        4: #""photo":{"url":"https://p.example/4.jpg","pixelWidth":1000,"pixelHeight":500,"uploadedAt":1749988800000},"#
            + #""user":{"name":"ana","avatarURL":"https://a.example/ana.jpg"},"location":null,"placemark":null,"likes":12,"#
            + #""title":"Roofs","description":"Rooftops at noon.","commentCount":0,"comments":[],"#
            + #""texts":{"userName":"ana","time":"1s","likes":"\#u{2665}\#u{FE0E} 12 likes","#
            + #""description":"ana Roofs"}"#,
        1: #""photo":{"url":"https://p.example/1.jpg","pixelWidth":1080,"pixelHeight":1350,"uploadedAt":1749988500000},"#
            + #""user":{"name":"ana","avatarURL":"https://a.example/ana.jpg"},"location":"Germany","#
            + #""placemark":{"locality":"Berlin","country":"Germany"},"likes":3,"#
            + #""title":"Harbour","description":"Fog on the water.","commentCount":3,"#
            + #""comments":["bo Beautiful!","chen Where is this?","ana Berlin, by the river."],"#
            + #""texts":{"userName":"ana","location":"Germany","time":"5m","likes":"\#u{2665}\#u{FE0E} 3 likes","#
            + #""description":"ana Harbour","comment0":"bo Beautiful!","comment1":"chen Where is this?","#
            + #""comment2":"ana Berlin, by the river."}"#,
        3: #""photo":{"url":"https://p.example/3.jpg","pixelWidth":800,"pixelHeight":800,"uploadedAt":1749643200000},"#
            + #""user":{"name":"chen","avatarURL":"https://a.example/chen.jpg"},"location":null,"placemark":null,"likes":0,"#
            + #""title":"Market","description":"","commentCount":1,"comments":["ana Looks delicious."],"#
            + #""texts":{"userName":"chen","time":"4d","likes":"\#u{2665}\#u{FE0E} 0 likes","#
            + #""description":"chen Market","#
            + #""comment0":"ana Looks delicious."}"#,
    ]

    static let page375 = #"""
        {"items":[{"photoId":4,"layout":{"size":[375,478],"nodes":[{"id":"avatar","frame":[10,10,30,30]},\#
        {"id":"userName","frame":[50,16.5,26.5,16.5]},{"id":"time","frame":[348.5,16.5,16.5,16.5]},\#
        {"id":"photo","frame":[0,50,375,375]},{"id":"likes","frame":[10,430,355,16.5]},\#
        {"id":"description","frame":[10,451.5,355,16.5]},{"id":"comments","frame":[10,473,355,0],"nodes":[]}]},\#
        "cache":"CACHE",\#
        \#(Self.content[4]!)},\#
        {"photoId":1,"layout":{"size":[375,537.5],"nodes":[{"id":"avatar","frame":[10,10,30,30]},\#
        {"id":"userName","frame":[50,8.5,64.5,16.5]},{"id":"location","frame":[50,25,64.5,16.5]},\#
        {"id":"time","frame":[342,16.5,23,16.5]},{"id":"photo","frame":[0,50,375,375]},\#
        {"id":"likes","frame":[10,430,355,16.5]},{"id":"description","frame":[10,451.5,355,16.5]},\#
        {"id":"comments","frame":[10,473,355,59.5],"nodes":[{"id":"comment0","frame":[0,0,355,16.5]},\#
        {"id":"comment1","frame":[0,21.5,355,16.5]},{"id":"comment2","frame":[0,43,355,16.5]}]}]},\#
        "cache":"CACHE",\#(Self.content[1]!)},\#
        {"photoId":3,"layout":{"size":[375,494.5],"nodes":[{"id":"avatar","frame":[10,10,30,30]},\#
        {"id":"userName","frame":[50,16.5,34.5,16.5]},{"id":"time","frame":[347,16.5,18,16.5]},\#
        {"id":"photo","frame":[0,50,375,375]},{"id":"likes","frame":[10,430,355,16.5]},\#
        {"id":"description","frame":[10,451.5,355,16.5]},\#
        {"id":"comments","frame":[10,473,355,16.5],"nodes":[{"id":"comment0","frame":[0,0,355,16.5]}]}]},\#
        "cache":"CACHE",\#(Self.content[3]!)}],"next":"djE6MTc0OTY0MzIwMDAwMDoz"}
        """#

    /// The golden cells, described independently of the cell's code (PhotoCellDocument, ASDKgram's
    /// structure) with the texts FeedTestStore's photos show: photo 4 (just uploaded, image
    /// loading, no comments), photo 1 (5 minutes old, geocoded in Germany, image loaded, 3
    /// comments), photo 3 (4 days old, not geocoded, no description, 1 comment). The
    /// description label is ASDKgram's: the lowercased user name and the photo's title.
    static let referenceCells: [(photoID: Int, document: PhotoCellDocument)] = [
        (4, PhotoCellDocument(width: 375, userName: "ana", location: nil, time: "1s",
                              likes: "\u{2665}\u{FE0E} 12 likes", description: "ana Roofs", comments: [])),
        (1, PhotoCellDocument(width: 375, userName: "ana", location: "Germany", time: "5m",
                              likes: "\u{2665}\u{FE0E} 3 likes", description: "ana Harbour",
                              comments: ["bo Beautiful!", "chen Where is this?", "ana Berlin, by the river."])),
        (3, PhotoCellDocument(width: 375, userName: "chen", location: nil, time: "4d",
                              likes: "\u{2665}\u{FE0E} 0 likes", description: "chen Market", comments: ["ana Looks delicious."])),
    ]

    /// Result lines of `photofeed layout compute` for `documents`, in order: the comments node
    /// lists its labels, as the feed's layouts do.
    static func computed(_ documents: [PhotoCellDocument]) throws -> [String] {
        let directory = try FeedTestStore.temporaryDirectory()
        let paths = try documents.enumerated().map { index, document in
            let url = directory.appendingPathComponent("cell\(index).json")
            try Data(document.json.utf8).write(to: url)
            return url.path
        }
        let result = CommandRunner.run(["layout", "compute"] + paths)
        #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
        return result.out
    }

    @Test func goldenLayoutsEqualTheCellsDescribedAsLayoutDocuments() throws {
        let lines = try Self.computed(Self.referenceCells.map(\.document))
        try #require(lines.count == Self.referenceCells.count)
        for (cell, line) in zip(Self.referenceCells, lines) {
            #expect(Self.page375.contains(#""photoId":\#(cell.photoID),"layout":\#(line),"cache":"CACHE""#),
                    "photo \(cell.photoID): \(line)")
        }
        var narrow = Self.referenceCells[1].document
        narrow.width = 320
        #expect(try Self.computed([narrow]) == [Self.show320])
    }

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
        #expect(last.out[0].hasPrefix(#"{"items":[{"photoId":2,"layout":{"size":[375,478],"#))
        #expect(last.out[0].contains(#""cache":"miss","photo":{"url":"https://p.example/2.jpg","#))
        #expect(last.out[0].hasSuffix(#""comments":[],"texts":{"userName":"bo","time":"3w","#
                                      + #""likes":"\#u{2665}\#u{FE0E} 1 likes","description":"bo Ferries"}}],"#
                                      + #""next":null}"#))
    }

    @Test func feedTextListsThePage() throws {
        let db = try FeedTestStore.seededFile()
        _ = CommandRunner.run(["feed", "--db", db, "--width", "375", "--limit", "1"])
        let result = CommandRunner.run(["feed", "--db", db, "--width", "375", "--limit", "2"])
        #expect(result.out == [
            "feed at width 375, scale 2: 2 photos, 1 from the layout cache, 1 computed",
            "  photo 4  @ana  375×478  hit  Rooftops at noon.",
            "  photo 1  @ana  375×537.5  miss  Fog on the water.",
            "next: djE6MTc0OTk4ODUwMDAwMDox",
        ])
    }

    @Test func feedHTMLDrawsTheCachedLayouts() throws {
        let db = try FeedTestStore.seededFile()
        let result = CommandRunner.run(["feed", "--db", db, "--width", "375", "--limit", "2", "--format", "html"])
        #expect(result.status == 0)
        let html = result.out.joined(separator: "\n")
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("Germany") && html.contains("chen Where is this?"))
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
        {"size":[320,482.5],"nodes":[{"id":"avatar","frame":[10,10,30,30]},{"id":"userName","frame":[50,8.5,64.5,16.5]},\#
        {"id":"location","frame":[50,25,64.5,16.5]},{"id":"time","frame":[287,16.5,23,16.5]},\#
        {"id":"photo","frame":[0,50,320,320]},{"id":"likes","frame":[10,375,300,16.5]},\#
        {"id":"description","frame":[10,396.5,300,16.5]},{"id":"comments","frame":[10,418,300,59.5],"nodes":[\#
        {"id":"comment0","frame":[0,0,300,16.5]},{"id":"comment1","frame":[0,21.5,300,16.5]},\#
        {"id":"comment2","frame":[0,43,300,16.5]}]}]}
        """#

    @Test func layoutShowJSONGolden() throws {
        let db = try FeedTestStore.seededFile()
        let result = CommandRunner.run(["layout", "show", "--db", db, "--photo", "1", "--width", "320", "--format", "json"])
        #expect(result.status == 0)
        #expect(result.out == [Self.show320])
        // The same layout is now cached and served as the feed's.
        let feed = CommandRunner.run(["feed", "--db", db, "--width", "320", "--limit", "2", "--format", "json"])
        #expect(feed.out.first?.contains(#"{"photoId":1,"layout":\#(Self.show320),"cache":"hit","#) == true)
    }

    @Test func layoutShowASCIIGolden() throws {
        let db = try FeedTestStore.seededFile()
        let result = CommandRunner.run(["layout", "show", "--db", db, "--photo", "3", "--width", "375"])
        #expect(result.status == 0)
        #expect(result.out.joined(separator: "\n") == Self.asciiPhoto3)
    }

    /// Photo 3 at 375 pt: no location yet (one header line), image loading (square), one comment
    /// (the comments node's box, its one label drawn over it), the description label "chen Market".
    static let asciiPhoto3 = """
        photo 3 · 375 × 494.5 pt · 80 columns

          +avat~+
          |imag~|  +userN~+                                                      +ti~+
          |     |  |chen  |                                                      |4d |
          +-----+  +------+                                                      +---+
        +photo-------------------------------------------------------------------------+
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                               image (loading)                                |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        |                                                                              |
        +------------------------------------------------------------------------------+
          +likes---------------------------------------------------------------------+
          |♥︎ 0 likes                                                                 |
          +description---------------------------------------------------------------+
          |chen Market                                                               |
          +comment0------------------------------------------------------------------+
          |ana Looks delicious.                                                      |
          +--------------------------------------------------------------------------+


        avatar: (10, 10) 30 × 30 image (loading)
        userName: (50, 16.5) 34.5 × 16.5 text 14pt regular, 1 line
        time: (347, 16.5) 18 × 16.5 text 14pt regular, 1 line
        photo: (0, 50) 375 × 375 image (loading)
        likes: (10, 430) 355 × 16.5 text 14pt regular, 1 line
        description: (10, 451.5) 355 × 16.5 text 14pt regular, 1 line
        comments: (10, 473) 355 × 16.5 box
        comment0: (10, 473) 355 × 16.5 text 14pt regular, 1 line
        """

    @Test func layoutShowSVGHasOneRectPerNode() throws {
        let db = try FeedTestStore.seededFile()
        let result = CommandRunner.run(["layout", "show", "--db", db, "--photo", "1", "--width", "375", "--format", "svg"])
        #expect(result.status == 0)
        let svg = result.out.joined(separator: "\n")
        #expect(svg.hasPrefix("<svg") || svg.hasPrefix("<?xml"))
        // Photo 1's frames at 375 (page375) and its three comment labels, 5 apart in the comments
        // node: one rectangle each, and no other.
        let frames: [String: (Double, Double, Double, Double)] = [
            "avatar": (10, 10, 30, 30), "userName": (50, 8.5, 64.5, 16.5), "location": (50, 25, 64.5, 16.5),
            "time": (342, 16.5, 23, 16.5), "photo": (0, 50, 375, 375), "likes": (10, 430, 355, 16.5),
            "description": (10, 451.5, 355, 16.5), "comments": (10, 473, 355, 59.5),
            "comment0": (10, 473, 355, 16.5), "comment1": (10, 494.5, 355, 16.5), "comment2": (10, 516, 355, 16.5),
        ]
        #expect(svg.components(separatedBy: "<rect").count - 1 == frames.count)
        for (id, frame) in frames {
            let rect = #"<rect class="box" x="\#(number(frame.0))" y="\#(number(frame.1))" "#
                + #"width="\#(number(frame.2))" height="\#(number(frame.3))"/>"#
            #expect(svg.contains(#"data-node-id="\#(id)">"#) && svg.contains(rect), "\(id): \(rect)")
        }
        #expect(svg.contains("Germany"))
    }

    /// `16.5` as `16.5`, `10` as `10`: the SVG's number format.
    private func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
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
        #expect(lines.contains("    375    @2x      4  478  478  537.5  537.5"), "photos 4 and 2 are 478: their titles take one line")
        #expect(lines.contains("      1    375    @2x   537.5"), "photo 1 is the tallest cell")
    }
}
