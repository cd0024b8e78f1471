import Testing
import TextLayout

/// UAX #14 line breaking (libunibreak) with shaped widths.
@Suite struct LineBreakingTests {
    let measurer = TextFixtures.measurer()

    func layout(_ string: String, width: Double, size: Double = 14) -> (AttributedText, TextMeasurement) {
        let text = AttributedText(string, attributes: TextAttributes(fontSize: size))
        return (text, measurer.measureUncached(text, maxWidth: width))
    }

    /// Each line's width is its visible text shaped alone, every line fits, ranges tile the text.
    func expectWellFormed(_ text: AttributedText, _ result: TextMeasurement, width: Double) {
        var offset = 0
        for line in result.lines {
            #expect(line.range.lowerBound == offset)
            offset = line.range.upperBound
            let visible = AttributedText(text.substring(utf8: line.visibleRange), attributes: text.runs[0].attributes)
            #expect(close(line.width, measurer.width(of: visible)))
            #expect(line.width <= width + 1e-7 || text.substring(utf8: line.visibleRange).count == 1)
        }
        #expect(offset == text.utf8Count)
    }

    // MARK: - English

    @Test func englishWrapsAtSpacesAndLineWidthsMatchHarfBuzz() {
        // Fixtures (uharfbuzz): "The quick brown fox jumps over the" 36797 units, "… over" 32785,
        // "lazy dog." 9266.
        let exact = TextFixtures.points(36797)
        let (text, fits) = layout("The quick brown fox jumps over the lazy dog.", width: exact)
        #expect(TextFixtures.lineTexts(text, fits) == ["The quick brown fox jumps over the", "lazy dog."])
        #expect(close(fits.lines[0].width, exact))
        #expect(close(fits.lines[1].width, TextFixtures.points(9266)))
        #expect(close(fits.width, exact))

        let (_, narrower) = layout("The quick brown fox jumps over the lazy dog.", width: exact - 0.01)
        #expect(TextFixtures.lineTexts(text, narrower) == ["The quick brown fox jumps over", "the lazy dog."])
        #expect(close(narrower.lines[0].width, TextFixtures.points(32785)))
        expectWellFormed(text, narrower, width: exact - 0.01)
    }

    @Test func linesStackByTheFontsMetrics() {
        let (_, result) = layout("The quick brown fox jumps over the lazy dog.", width: 200)
        let ascender = 1901 * 14 / 2048.0
        let height = 2384 * 14 / 2048.0
        #expect(result.lines.map(\.top) == [0, height])
        #expect(result.lines.map(\.baseline) == [ascender, height + ascender])
        #expect(result.height == 2 * height)
        #expect(result.firstLineAscender == ascender)
        #expect(result.lastLineDescender == -483 * 14 / 2048.0)
    }

    // MARK: - German

    @Test func germanCompoundMovesToTheNextLineWhole() {
        let (text, result) = layout("Die Donaudampfschifffahrt", width: 170)
        #expect(TextFixtures.lineTexts(text, result) == ["Die", "Donaudampfschifffahrt"])
    }

    @Test func germanCompoundWiderThanTheLineBreaksInside() {
        let word = "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen"
        let (text, result) = layout(word + " ist lang", width: 150)
        let lines = TextFixtures.lineTexts(text, result)
        #expect(lines == ["Donaudampfschifffa", "hrtsgesellschaftskapi", "tänsmützenabzeiche", "n ist lang"])
        #expect(lines.joined() == word + " ist lang")
        expectWellFormed(text, result, width: 150)
        // Each piece is as long as possible: one more character would not fit.
        for (piece, line) in zip(lines.dropLast(), result.lines) {
            let next = text.substring(utf8: line.range.upperBound..<(line.range.upperBound + 1))
            #expect(measurer.width(of: AttributedText(piece + next)) > 150)
        }
    }

    // MARK: - French

    @Test func frenchNoBreakSpacesKeepPunctuationWithItsWord() {
        let nbsp = "\u{00A0}"
        let string = "Il a dit\(nbsp): «\(nbsp)Bonjour\(nbsp)!\(nbsp)» Vraiment\(nbsp)?"
        let (text, result) = layout(string, width: 120)
        #expect(TextFixtures.lineTexts(text, result) == ["Il a dit\(nbsp):", "«\(nbsp)Bonjour\(nbsp)!\(nbsp)»",
                                                         "Vraiment\(nbsp)?"])
        expectWellFormed(text, result, width: 120)
    }

    @Test func frenchPunctuationNeverStartsALineEvenAfterAPlainSpace() {
        // UAX #14 LB13: no break before "!", "?", ":" even after spaces. From 95 points on,
        // "«\u{A0}Bonjour\u{A0}!\u{A0}»" (90.2 points, the widest unbreakable stretch) fits, so no
        // word is force-broken and every line start is a UAX #14 opportunity.
        let plain = "Il a dit : « Bonjour ! » Vraiment ?"
        let nonBreaking = plain.replacingSpaces(before: ":!?»", after: "«")
        var plainStartsWithGuillemet = false
        for width in stride(from: 95.0, through: 200, by: 5) {
            let (text, result) = layout(plain, width: width)
            for line in TextFixtures.lineTexts(text, result) {
                #expect(!["!", "?", ":"].contains(line.first), "width \(width): \(line)")
                plainStartsWithGuillemet = plainStartsWithGuillemet || line.first == "»"
            }
            // With U+00A0 where French typography wants it, "»" stays too, and "«" never ends a line.
            let (nbspText, nbspResult) = layout(nonBreaking, width: width)
            for line in TextFixtures.lineTexts(nbspText, nbspResult) {
                #expect(!["!", "?", ":", "»"].contains(line.first), "width \(width): \(line)")
                #expect(line.last != "«", "width \(width): \(line)")
            }
        }
        // LB18 (break after spaces) comes before LB19 (no break before quotation marks): after a
        // plain space, "»" can start a line, which is why French text uses no-break spaces.
        #expect(plainStartsWithGuillemet)
    }

    // MARK: - URLs

    @Test func urlsBreakAfterSlashesAndQueryPunctuation() {
        let (text, result) = layout("See https://example.com/photos/2024/summer-trip?id=42&ref=feed now", width: 150)
        #expect(TextFixtures.lineTexts(text, result) == ["See https://", "example.com/", "photos/2024/",
                                                         "summer-trip?", "id=42&ref=feed now"])
        expectWellFormed(text, result, width: 150)
    }

    // MARK: - Greek and Cyrillic

    @Test func greekWrapsAtSpaces() {
        let (text, result) = layout("Καλημέρα κόσμε, τι κάνεις σήμερα;", width: 120)
        #expect(TextFixtures.lineTexts(text, result) == ["Καλημέρα", "κόσμε, τι κάνεις", "σήμερα;"])
        expectWellFormed(text, result, width: 120)
    }

    @Test func cyrillicWrapsAtSpaces() {
        let (text, result) = layout("Привет, мир! Как дела сегодня?", width: 120)
        #expect(TextFixtures.lineTexts(text, result) == ["Привет, мир!", "Как дела", "сегодня?"])
        expectWellFormed(text, result, width: 120)
        // "Привет, мир" is 13309 units (uharfbuzz); "!" adds its own advance.
        #expect(result.lines[0].width > TextFixtures.points(13309))
    }

    // MARK: - CJK and emoji

    @Test func cjkBreaksBetweenIdeographsInNotoSansCJK() {
        // Every ideograph is 1 em in Noto Sans CJK (uharfbuzz: "中文" = 2000 units of 1000).
        let (text, result) = layout("我们今天去公园散步了很开心", width: 60)
        #expect(TextFixtures.lineTexts(text, result) == ["我们今天", "去公园散", "步了很开", "心"])
        #expect(result.lines.dropLast().allSatisfy { $0.width == 56 })
        #expect(result.lines.last!.width == 14)
    }

    @Test func emojiBreakBetweenEachOtherInTheirFonts() {
        let (text, result) = layout("Great day 😀😀😀 🦄 at the beach", width: 100)
        #expect(TextFixtures.lineTexts(text, result) == ["Great day 😀", "😀😀 🦄 at the", "beach"])
        expectWellFormed(text, result, width: 100)
        // 😀 is 2135 units in DejaVu Sans; 🦄 is in Noto Color Emoji (136 px at 109 ppem).
        let line = measurer.measureUncached(AttributedText("😀🦄"), maxWidth: .infinity)
        #expect(close(line.width, TextFixtures.points(2135) + 136 * 14 / 109.0))
    }

    @Test func emojiPresentationSequenceStaysOneCluster() {
        // U+1F3D6 U+FE0F: one grapheme; a zero width forces one grapheme per line.
        let (text, result) = layout("🏖️🏖️", width: 0)
        #expect(TextFixtures.lineTexts(text, result) == ["🏖️", "🏖️"])
    }

    // MARK: - Newlines and spaces

    @Test func explicitNewlinesAreMandatoryBreaks() {
        let (text, result) = layout("Line one\nLine two\n\nLine four\n", width: 300)
        #expect(TextFixtures.lineTexts(text, result) == ["Line one", "Line two", "", "Line four"])
        #expect(result.lines[2].width == 0)
        #expect(result.height == 4 * 2384 * 14 / 2048.0)
        let (crlf, crlfResult) = layout("a\r\nb\rc\u{2028}d", width: 300)
        #expect(TextFixtures.lineTexts(crlf, crlfResult) == ["a", "b", "c", "d"])
    }

    @Test func trailingSpacesHangPastTheEdge() {
        let wordWidth = measurer.width(of: AttributedText("Hello world"))
        let (text, result) = layout("Hello world      next", width: wordWidth)
        #expect(TextFixtures.lineTexts(text, result) == ["Hello world", "next"])
        #expect(result.lines[0].width == wordWidth)
        #expect(result.lines[0].range == 0..<17)
        #expect(result.width == wordWidth)
    }

    @Test func unlimitedWidthBreaksOnlyAtNewlines() {
        let (text, result) = layout("The quick brown fox jumps over the lazy dog.\nSecond", width: .infinity)
        #expect(TextFixtures.lineTexts(text, result) == ["The quick brown fox jumps over the lazy dog.", "Second"])
    }

    @Test func emptyTextMeasuresZero() {
        let result = measurer.measureUncached(AttributedText(), maxWidth: 100)
        #expect(result == .empty)
        #expect(result.width == 0 && result.height == 0)
    }

    @Test func nanAndNegativeWidthsActAsZero() {
        let (text, result) = layout("ab", width: .nan)
        #expect(TextFixtures.lineTexts(text, result) == ["a", "b"])
        let (_, negative) = layout("ab", width: -5)
        #expect(negative == result)
    }
}

extension String {
    /// Replaces the plain space before each of `before` and after each of `after` with U+00A0.
    func replacingSpaces(before: String, after: String) -> String {
        var characters = Array(self)
        for i in characters.indices where characters[i] == " " {
            let next = i + 1 < characters.count ? characters[i + 1] : nil
            let previous = i > 0 ? characters[i - 1] : nil
            if next.map(before.contains) == true || previous.map(after.contains) == true {
                characters[i] = "\u{00A0}"
            }
        }
        return String(characters)
    }
}
