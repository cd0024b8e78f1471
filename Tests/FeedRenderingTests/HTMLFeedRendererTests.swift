import FeedRendering
import LayoutCore
import PhotoFeed
import Testing

@Suite struct HTMLFeedRendererTests {
    @Test func positionsEveryNodeAtItsFrameInCSSPixels() {
        // Given the second sample cell
        let html = HTMLFeedRenderer(width: 375).render([SampleCells.second])
        // Then the cell is a section of its size and each node a box with its frame's numbers
        #expect(html.contains("<section class=\"cell\" data-photo-id=\"102\" style=\"width: 375px; "
            + "height: 456.6666666666667px; margin-bottom: 0px\">"))
        #expect(html.contains("<div class=\"node box\" data-node-id=\"spacer\" data-photo-id=\"102\" title=\"spacer\" "
            + "style=\"left: 104.33333333333333px; top: 8px; width: 229.66666666666666px; height: 30px\"></div>"))
        #expect(html.contains("<div class=\"line\" style=\"left: 0px; font-size: 14px; font-weight: bold\">"
            + "<span class=\"strut\" style=\"height: 13.333333333333334px\"></span>"
            + "<span class=\"glyphs\">zoë</span></div>"))
        #expect(html.contains("<span class=\"caption\" style=\"font-size: 11px\">image 1080×1080</span>"))
        #expect(html.components(separatedBy: "data-node-id=").count - 1 == SampleCells.second.nodes.count)
    }

    @Test func loadsDejaVuSansFromFileURLs() {
        let html = HTMLFeedRenderer(width: 320).render([])
        #expect(html.contains("src: url(\"file:///usr/share/fonts/truetype/dejavu/DejaVuSans.ttf\")"))
        #expect(html.contains(
            "font-weight: bold; src: url(\"file:///usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf\")"))
        // A path with a space and a quote is percent-encoded; a URL is kept
        let custom = HTMLFeedRenderer(width: 320, regularFont: "/fonts/My \"Font\".ttf",
                                      boldFont: "https://example.com/b%20old.ttf").render([])
        #expect(custom.contains("url(\"file:///fonts/My%20%22Font%22.ttf\")"))
        #expect(custom.contains("url(\"https://example.com/b%20old.ttf\")"))
        // A relative path stays relative to the page
        let relative = HTMLFeedRenderer(width: 320, regularFont: "fonts/DejaVu Sans.ttf").render([])
        #expect(relative.contains("url(\"fonts/DejaVu%20Sans.ttf\")"))
    }

    @Test func loadsTheFallbackFontsInTheMeasuringOrder() {
        let html = HTMLFeedRenderer(width: 320).render([])
        #expect(html.contains("@font-face { font-family: \"Noto Sans CJK JP\"; font-weight: normal; "
            + "src: url(\"file:///usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc\"); }"))
        #expect(html.contains("@font-face { font-family: \"Noto Sans CJK JP\"; font-weight: bold; "
            + "src: url(\"file:///usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc\"); }"))
        #expect(html.contains("@font-face { font-family: \"Noto Color Emoji\"; font-weight: 100 900; "
            + "src: url(\"file:///usr/share/fonts/truetype/noto/NotoColorEmoji.ttf\"); }"))
        #expect(html.contains("font-family: \"DejaVu Sans\", \"Noto Sans CJK JP\", \"Noto Color Emoji\";"))
        // Without fallbacks the page names DejaVu Sans alone
        let plain = HTMLFeedRenderer(width: 320, fallbackFonts: []).render([])
        #expect(plain.contains("font-family: \"DejaVu Sans\";"))
        #expect(!plain.contains("Noto"))
    }

    @Test func escapesTextsIdsAndTitle() {
        let cell = CellSnapshot(photoID: 5, size: Size(100, 40), nodes: [
            NodeSnapshot(id: "<script>&", frame: Rect(0, 0, 100, 40), content: .text(TextSnapshot(lines: [
                TextLineSnapshot(text: "</div><b>\"hi\" & 'bye'", baseline: 12, width: 80),
            ], fontSize: 12))),
        ])
        let html = HTMLFeedRenderer(width: 100).render([cell], title: "a < b")
        #expect(html.contains("<title>a &lt; b</title>"))
        #expect(html.contains("data-node-id=\"&lt;script&gt;&amp;\""))
        #expect(html.contains(">&lt;/div&gt;&lt;b&gt;&quot;hi&quot; &amp; &#39;bye&#39;</span>"))
        #expect(!html.contains("<script>"))
    }

    @Test func addsThePositionProbeOnlyWhenAsked() {
        #expect(!HTMLFeedRenderer(width: 375).render([SampleCells.first]).contains("id=\"positions\""))
        let probed = HTMLFeedRenderer(width: 375, includesPositionProbe: true).render([SampleCells.first])
        #expect(probed.contains("<pre id=\"positions\" hidden></pre>"))
        #expect(probed.contains("getBoundingClientRect"))
    }

    @Test func pageIsOneWholeDocument() {
        let renderer = HTMLFeedRenderer(width: 375, cellSpacing: 8)
        let cells = [SampleCells.first, SampleCells.second]
        #expect(renderer.render(cells).hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
        #expect(renderer.render(cells).hasSuffix("</main>\n</body>\n</html>\n"))
    }
}
