import FeedRendering
import LayoutCore
import PhotoFeed
import TextLayout
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
        #expect(html.contains("font-display: swap; src: url(\"file:///usr/share/fonts/truetype/dejavu/DejaVuSans.ttf\")"))
        #expect(html.contains("font-weight: bold; font-display: swap; "
            + "src: url(\"file:///usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf\")"))
        // A path with a space and a quote is percent-encoded; a URL is kept
        let custom = HTMLFeedRenderer(width: 320, regularFont: "/fonts/My \"Font\".ttf",
                                      boldFont: "https://example.com/b%20old.ttf").render([])
        #expect(custom.contains("url(\"file:///fonts/My%20%22Font%22.ttf\")"))
        #expect(custom.contains("url(\"https://example.com/b%20old.ttf\")"))
        // A relative path stays relative to the page
        let relative = HTMLFeedRenderer(width: 320, regularFont: "fonts/DejaVu Sans.ttf").render([])
        #expect(relative.contains("url(\"fonts/DejaVu%20Sans.ttf\")"))
    }

    /// From a font set: installed fonts first by PostScript name, and each fallback only for the
    /// code points the engine can set in it.
    @Test func aFontSetsPageLoadsLocalFontsFirstAndFallbacksOnlyWhereUsed() throws {
        let fonts = TextMeasurer.shared.fonts
        let renderer = HTMLFeedRenderer(width: 320, fonts: fonts)
        #expect(renderer.regularLocalName == "DejaVuSans" && renderer.boldLocalName == "DejaVuSans-Bold")
        let cjk = try #require(renderer.fallbackFonts.first?.unicodeRange)
        let emoji = try #require(renderer.fallbackFonts.last?.unicodeRange)
        func has(_ ranges: UnicodeRanges, _ scalar: UInt32) -> Bool { ranges.ranges.contains { $0.contains(scalar) } }
        // Latin never reaches Noto Sans CJK (DejaVu Sans has it); kana and ideographs do.
        #expect(!has(cjk, 0x41) && !has(cjk, 0xE9) && has(cjk, 0x3042) && has(cjk, 0x6F22))
        // The emoji face keeps what the primary has too ("❤️"), but not ASCII (keycap digits).
        #expect(has(emoji, 0x2764) && has(emoji, 0x1F600) && !has(emoji, 0x31))
        let html = renderer.render([])
        #expect(html.contains("src: local(\"DejaVuSans\"), url(\"file:///usr/share/fonts/truetype/dejavu/DejaVuSans.ttf\")"))
        #expect(html.contains("unicode-range: U+"))
    }

    @Test func unicodeRangesSubtractIntersectAndPrint() {
        let a = UnicodeRanges([0x20 ... 0x7E, 0x3000 ... 0x30FF])
        let b = UnicodeRanges([0x41 ... 0x5A, 0x3040 ... 0x309F, 0x4E00 ... 0x4E00])
        #expect(a.subtracting(b).ranges == [0x20 ... 0x40, 0x5B ... 0x7E, 0x3000 ... 0x303F, 0x30A0 ... 0x30FF])
        #expect(a.intersection(b).ranges == [0x41 ... 0x5A, 0x3040 ... 0x309F])
        #expect(UnicodeRanges([0x41 ... 0x41, 0x3000 ... 0x30FF]).css == "U+41, U+3000-30FF")
        #expect(a.subtracting(UnicodeRanges([0 ... 0x10FFFF])).ranges.isEmpty)
    }

    @Test func loadsTheFallbackFontsInTheMeasuringOrder() {
        let html = HTMLFeedRenderer(width: 320).render([])
        #expect(html.contains("@font-face { font-family: \"Noto Sans CJK JP\"; font-weight: normal; font-display: swap; "
            + "src: url(\"file:///usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc\"); }"))
        #expect(html.contains("@font-face { font-family: \"Noto Sans CJK JP\"; font-weight: bold; font-display: swap; "
            + "src: url(\"file:///usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc\"); }"))
        #expect(html.contains("@font-face { font-family: \"Noto Color Emoji\"; font-weight: 100 900; font-display: swap; "
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
