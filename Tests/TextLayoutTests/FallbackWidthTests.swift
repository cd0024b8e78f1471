import Testing
import TextLayout

/// Widths and line heights of text set in the fallback cascade (DejaVu Sans, Noto Sans CJK JP,
/// Noto Color Emoji) against HarfBuzz's own.
///
/// The fixtures come from `benchmarks/text/uharfbuzz_fallback_fixtures.py` (uharfbuzz 0.57.0,
/// HarfBuzz 15.0.0): each font run shaped whole with `guess_segment_properties` in its font, as
/// `(units, units per em)`; Noto Color Emoji's advances are its CBDT strike's, 136 pixels at 109
/// ppem in 26.6 (scale 6976), as FreeType reports them and Chromium draws them.
@Suite struct FallbackWidthTests {
    let measurer = TextFixtures.measurer()

    func width(_ string: String, _ weight: FontWeight = .regular, size: Double = 14) -> Double {
        measurer.width(of: AttributedText(string, attributes: TextAttributes(fontSize: size, fontWeight: weight)))
    }

    static func points(_ runs: [(Int, Int)], size: Double = 14) -> Double {
        runs.reduce(0) { $0 + Double($1.0) * size / Double($1.1) }
    }

    @Test(arguments: [
        ("中文", [(2000, 1000)]),
        ("今日は本当に良い天気でした。", [(14000, 1000)]),
        ("서울의 밤", [(2760, 1000), (651, 2048), (920, 1000)]),
        ("🔥", [(8704, 6976)]),
        ("🦄", [(8704, 6976)]),
        ("👍🏽", [(8704, 6976)]),                       // a skin tone is one cluster, one glyph
        ("👨\u{200D}👩\u{200D}👧", [(8704, 6976)]),     // a ZWJ family
        ("🇯🇵", [(8704, 6976)]),                        // a flag
        ("1\u{FE0F}\u{20E3}", [(8704, 6976)]),          // a keycap
        ("\u{2764}\u{FE0F}", [(8704, 6976)]),           // VS16 asks for the color font
        ("\u{2764}", [(1716, 2048)]),                   // without it DejaVu Sans covers the heart
        ("Great shot 🔥🔥", [(11425, 2048), (17408, 6976)]),
        ("a中b😀c🔥", [(1255, 2048), (1000, 1000), (4561, 2048), (8704, 6976)]),
        ("東京 Tokyo 🗼✨", [(2000, 1000), (7036, 2048), (17408, 6976)]),
    ])
    func regularMatchesHarfBuzz(_ string: String, _ runs: [(Int, Int)]) {
        #expect(abs(width(string) - Self.points(runs)) < 1e-9, "\(string)")
        #expect(abs(width(string, size: 17) - Self.points(runs, size: 17)) < 1e-9, "\(string)")
    }

    @Test func boldCJKUsesTheBoldCollection() {
        #expect(abs(width("外灘の夜景", .bold) - Self.points([(5000, 1000)])) < 1e-9)
    }

    @Test func dejaVuTextKeepsItsWidths() {
        // The heart and 😀 are in DejaVu Sans: set there, exactly as without fallbacks.
        #expect(close(width("😀"), TextFixtures.points(2135)))
        #expect(close(width("Привет, мир"), TextFixtures.points(13309)))
    }

    @Test func lineHeightFollowsTheTallestFontOnTheLine() {
        // Noto Sans CJK: ascender 1160, descender −288 per 1000; Noto Color Emoji: 1900 / −500 per
        // 2048; DejaVu Sans: 1901 / −483 per 2048, line gaps 0.
        let size = 14.0
        let dejaVu = TextFixtures.fonts.regular.lineMetrics(fontSize: size)
        let latin = measurer.measureUncached(AttributedText("Tokyo", attributes: TextAttributes(fontSize: size)),
                                             maxWidth: .infinity)
        #expect(latin.height == dejaVu.height)
        let mixed = measurer.measureUncached(AttributedText("Tokyo 東京", attributes: TextAttributes(fontSize: size)),
                                             maxWidth: .infinity)
        #expect(mixed.lines[0].metrics == LineMetrics(ascender: 1160 * (size / 1000), descender: -288 * (size / 1000),
                                                      lineGap: 0))
        let emoji = measurer.measureUncached(AttributedText("Tokyo 🔥", attributes: TextAttributes(fontSize: size)),
                                             maxWidth: .infinity)
        #expect(emoji.lines[0].metrics == LineMetrics(ascender: dejaVu.ascender, descender: -500 * (size / 2048),
                                                      lineGap: 0))
        // Only the lines that hold the taller font grow.
        let wrapped = measurer.measureUncached(
            AttributedText("Tokyo at night 東京", attributes: TextAttributes(fontSize: size)), maxWidth: 60)
        #expect(wrapped.lines.count >= 2)
        #expect(wrapped.lines[0].metrics == dejaVu)
        #expect(wrapped.lines.last!.metrics.ascender == 1160 * (size / 1000))
    }

    @Test func cjkWrapsBetweenIdeographsInItsOwnWidths() {
        // 14 ideographs and kana of 1 em each: 4 fit in 60 points, each line 56 points wide.
        let text = AttributedText("今日は本当に良い天気でした。", attributes: TextAttributes(fontSize: 14))
        let result = measurer.measureUncached(text, maxWidth: 60)
        #expect(result.lines.dropLast().allSatisfy { $0.width == 56 })
        #expect(result.lines.count == 4)
    }

    @Test func emojiSequencesAreNotSplitAcrossLines() {
        let family = "👨\u{200D}👩\u{200D}👧"
        let text = AttributedText(family + family + " 👍🏽👍🏽", attributes: TextAttributes(fontSize: 14))
        let result = measurer.measureUncached(text, maxWidth: 20)
        #expect(TextFixtures.lineTexts(text, result) == [family, family, "👍🏽", "👍🏽"])
    }

    @Test func theCascadeIsDejaVuThenNotoCJKThenNotoColorEmoji() {
        #expect(TextFixtures.fonts.fallbacks.map(\.name) == ["Noto Sans CJK JP", "Noto Color Emoji"])
        #expect(TextFixtures.fonts.fallbacks[0].regular.familyName == "Noto Sans CJK JP")
        #expect(TextFixtures.fonts.fallbacks[1].regular.advanceUnitsPerEm == 109 * 64)
    }

    @Test func withoutFallbacksCJKIsMeasuredAsNotdef() throws {
        let fonts = FontCollection(regular: TextFixtures.fonts.regular, bold: TextFixtures.fonts.bold)
        let plain = TextMeasurer(fonts: fonts)
        #expect(close(plain.width(of: AttributedText("中文")), TextFixtures.points(2458)))
    }
}
