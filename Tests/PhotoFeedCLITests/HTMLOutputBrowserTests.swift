import BrowserTestSupport
import Foundation
import LayoutTestSupport
import StoreTestSupport
import Testing

/// The page `feed --format html --output FILE` writes, moved with its fonts' folder to another
/// directory, loads every font in Debian's headless chromium from that folder. Chromium runs
/// with a fontconfig that knows only Liberation (not DejaVu, not Noto), so a face of the page
/// cannot come from `local()`: it loads from the page's relative URL or not at all (the page
/// moved without its folder shows that: every face fails). (With no font at all, chromium fails
/// some of the loads the page's text starts, at random: it needs a font of its own.)
@Suite(.blockingWork, .serialized, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 5))
struct HTMLOutputBrowserTests {
    struct Face: Decodable, Equatable {
        var family: String
        var weight: String
        var status: String
    }

    /// Loads every `@font-face` of the page once it has loaded and writes each face's status
    /// into `<pre id="faces">`.
    static let probe = """
        <pre id="faces"></pre>
        <script>
        addEventListener("load", async () => {
          const faces = Array.from(document.fonts);
          await Promise.allSettled(faces.map((face) => face.load()));
          document.getElementById("faces").textContent =
            JSON.stringify(faces.map((f) => ({ family: f.family, weight: f.weight, status: f.status })));
        });
        </script>
        </body>
        """

    /// The faces of the page at `page` as chromium loaded them, the probe added to the page.
    static func faces(_ page: URL, chromium: HeadlessChromium, work: URL) throws -> [Face] {
        let html = try String(contentsOf: page, encoding: .utf8)
        try html.replacingOccurrences(of: "</body>", with: probe).write(to: page, atomically: true, encoding: .utf8)
        // A fontconfig of Liberation only: none of the page's fonts is installed for chromium.
        let config = work.appendingPathComponent("fonts.conf")
        try """
            <?xml version="1.0"?>
            <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
            <fontconfig><dir>/usr/share/fonts/truetype/liberation</dir>\
            <cachedir>\(work.appendingPathComponent("fontconfig-cache").path)</cachedir></fontconfig>
            """.write(to: config, atomically: true, encoding: .utf8)
        let dom = try chromium.run(["--virtual-time-budget=5000", "--dump-dom"], page: page, workDirectory: work,
                                   environment: ["FONTCONFIG_FILE": config.path])
        guard let start = dom.range(of: "<pre id=\"faces\">"),
              let end = dom.range(of: "</pre>", range: start.upperBound ..< dom.endIndex) else {
            throw HeadlessChromium.Failure(description: "no <pre id=\"faces\"> in the DOM dump: \(dom.prefix(500))")
        }
        let json = String(dom[start.upperBound ..< end.lowerBound]).replacingOccurrences(of: "&amp;", with: "&")
        return try JSONDecoder().decode([Face].self, from: Data(json.utf8))
    }

    @Test func theMovedPageLoadsEveryFontFromItsFolder() throws {
        let chromium = try HeadlessChromium.locate()
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("photofeed-moved-\(UUID().uuidString)")
        let written = root.appendingPathComponent("written"), moved = root.appendingPathComponent("moved/elsewhere")
        try FileManager.default.createDirectory(at: written, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: moved, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }

        // Given the test feed's page written to a file, and the pair moved to another directory
        let db = try FeedTestStore.seededFile()
        let result = CommandRunner.run(["feed", "--db", db, "--width", "375", "--format", "html",
                                        "--output", written.appendingPathComponent("feed.html").path])
        try #require(result.status == 0, "\(result.err)")
        for name in ["feed.html", "feed.fonts"] {
            try FileManager.default.moveItem(at: written.appendingPathComponent(name), to: moved.appendingPathComponent(name))
        }

        // When chromium, knowing none of its fonts, opens the moved page
        let faces = try Self.faces(moved.appendingPathComponent("feed.html"), chromium: chromium, work: root)

        // Then each of its faces (DejaVu Sans regular and bold, Noto Color Emoji) loaded from the folder
        #expect(faces.count == 3, "\(faces)")
        #expect(faces.allSatisfy { $0.status == "loaded" }, "\(faces)")
        #expect(faces.contains { $0.family.contains("DejaVu Sans") && $0.weight == "bold" })

        // And without its folder the same page loads none: no face comes from elsewhere
        try FileManager.default.moveItem(at: moved.appendingPathComponent("feed.fonts"),
                                         to: root.appendingPathComponent("feed.fonts"))
        let lost = try Self.faces(moved.appendingPathComponent("feed.html"), chromium: chromium, work: root)
        #expect(lost.count == 3 && lost.allSatisfy { $0.status == "error" }, "\(lost)")
    }
}
