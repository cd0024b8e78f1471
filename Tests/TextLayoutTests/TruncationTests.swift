import Testing
import TextLayout

/// `maximumNumberOfLines` and the truncation string.
@Suite struct TruncationTests {
    let measurer = TextFixtures.measurer()
    let sentence = "The quick brown fox jumps over the lazy dog."
    let ellipsisWidth = TextFixtures.points(2048)  // uharfbuzz: "…" is 2048 units

    func layout(_ string: String, width: Double, maxLines: Int, token: String = "\u{2026}")
        -> (AttributedText, TextMeasurement) {
        let text = AttributedText(string)
        let options = TextLayoutOptions(maximumNumberOfLines: maxLines, truncationString: token)
        return (text, measurer.measureUncached(text, options: options, maxWidth: width))
    }

    @Test func lastVisibleLineEndsWithTheTruncationStringAndStillFits() {
        let (text, result) = layout(sentence, width: 200, maxLines: 1)
        #expect(result.lines.count == 1)
        let line = result.lines[0]
        #expect(line.isTruncated)
        #expect(result.isTruncated)
        // Untruncated, the first line is "The quick brown fox jumps" (188.4 points); with the
        // 14-point ellipsis only "The quick brown fox jump" fits in 200.
        #expect(text.substring(utf8: line.visibleRange) == "The quick brown fox jump")
        #expect(line.truncationWidth == ellipsisWidth)
        let kept = measurer.width(of: AttributedText("The quick brown fox jump"))
        #expect(close(line.width, kept + ellipsisWidth))
        #expect(line.width <= 200)
        #expect(measurer.width(of: AttributedText("The quick brown fox jumps")) + ellipsisWidth > 200)
        #expect(line.range == 0..<text.utf8Count)
        #expect(result.height == 2384 * 14 / 2048.0)
    }

    @Test func truncationUsesTheRestOfTheParagraphNotOnlyTheWrappedLine() {
        // The wrapped second line would be "the lazy dog." … the truncated line keeps as many
        // clusters of the paragraph as fit with the token, like CoreText's tail truncation.
        let (text, result) = layout(sentence + " And more words follow here.", width: 200, maxLines: 2)
        #expect(TextFixtures.lineTexts(text, result) == ["The quick brown fox jumps", "over the lazy dog. And mo"])
        #expect(result.lines[1].width <= 200)
        #expect(measurer.width(of: AttributedText("over the lazy dog. And mor")) + ellipsisWidth > 200)
        #expect(!result.lines[0].isTruncated && result.lines[1].isTruncated)
    }

    @Test func truncationStopsAtTheParagraphEnd() {
        let (text, result) = layout("First line\nSecond\nThird", width: 300, maxLines: 2)
        #expect(TextFixtures.lineTexts(text, result) == ["First line", "Second"])
        #expect(result.lines[1].isTruncated)
        let second = measurer.width(of: AttributedText("Second"))
        #expect(close(result.lines[1].width, second + ellipsisWidth))
    }

    @Test func textThatFitsIsNotTruncated() {
        let (_, exactly) = layout(sentence, width: 200, maxLines: 2)
        #expect(exactly.lines.count == 2)
        #expect(!exactly.isTruncated)
        let (_, trailingNewline) = layout("One\n", width: 200, maxLines: 1)
        #expect(!trailingNewline.isTruncated)
        let (text, unlimited) = layout(sentence, width: 50, maxLines: 0)
        #expect(TextFixtures.lineTexts(text, unlimited) == ["The", "quick", "brown", "fox", "jumps", "over", "the",
                                                            "lazy", "dog."])
        #expect(!unlimited.isTruncated)
    }

    @Test func customAndEmptyTruncationStrings() {
        let (text, more) = layout(sentence, width: 200, maxLines: 1, token: " more")
        let moreWidth = measurer.width(of: AttributedText("x more")) - measurer.width(of: AttributedText("x"))
        #expect(close(more.lines[0].truncationWidth ?? -1, moreWidth))
        #expect(more.lines[0].width <= 200)
        let (_, none) = layout(sentence, width: 200, maxLines: 1, token: "")
        #expect(TextFixtures.lineTexts(text, none) == ["The quick brown fox jumps"])
        #expect(none.lines[0].truncationWidth == 0)
    }

    @Test func truncationStringWiderThanTheLineLeavesOnlyTheString() {
        let (text, result) = layout(sentence, width: 10, maxLines: 1)
        #expect(TextFixtures.lineTexts(text, result) == [""])
        #expect(result.lines[0].width == ellipsisWidth)
    }

    @Test func truncationStringTakesTheLastCharactersAttributes() {
        var text = AttributedText("regular ", attributes: TextAttributes(fontSize: 14))
        text.append("bold words that go on and on", attributes: TextAttributes(fontSize: 20, fontWeight: .bold))
        let result = measurer.measureUncached(text, options: TextLayoutOptions(maximumNumberOfLines: 1), maxWidth: 150)
        // The bold "…" at 20 points: 2048 units of DejaVu Sans Bold's ellipsis.
        let boldEllipsis = measurer.width(of: AttributedText("\u{2026}", attributes: TextAttributes(fontSize: 20,
                                                                                                    fontWeight: .bold)))
        #expect(result.lines[0].truncationWidth == boldEllipsis)
        #expect(result.lines[0].metrics.ascender == 1901 * 20 / 2048.0)
    }

    /// The truncation string's shaping is remembered per thread by token, attributes and word
    /// cache: captions cut one after another in different sizes, weights and tokens each get
    /// their own token's width and metrics, the same as shaping it alone.
    @Test func rememberedTruncationStringsKeepTheirAttributesApart() {
        for (size, weight, token) in [(14.0, FontWeight.regular, "\u{2026}"), (20, .bold, "\u{2026}"),
                                      (14, .regular, " more"), (20, .bold, "\u{2026}"), (14, .regular, "\u{2026}")] {
            let attributes = TextAttributes(fontSize: size, fontWeight: weight)
            let text = AttributedText(sentence, attributes: attributes)
            let options = TextLayoutOptions(maximumNumberOfLines: 1, truncationString: token)
            let line = measurer.measureUncached(text, options: options, maxWidth: 150).lines[0]
            let alone = TextMeasurer(fonts: TextFixtures.fonts, wordCache: nil)
                .width(of: AttributedText("x" + token, attributes: attributes))
                - measurer.width(of: AttributedText("x", attributes: attributes))
            #expect(close(line.truncationWidth ?? -1, alone), "\(size) \(weight) \(token)")
            #expect(line.metrics == measurer.lineMetrics(for: attributes))
        }
    }
}
