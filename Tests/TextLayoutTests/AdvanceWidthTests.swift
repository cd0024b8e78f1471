import Testing
import TextLayout

/// Advance widths against HarfBuzz's own.
///
/// The unit counts are fixtures produced once with the PyPI package `uharfbuzz` 0.57.0 (HarfBuzz
/// 15.0.0) by `benchmarks/text/uharfbuzz_fixtures.py`: each string shaped whole with
/// `guess_segment_properties` on the same DejaVu files, `Font` at its default scale (units per em
/// = 2048), summing `x_advance`. Our widths must be those units × size / 2048.
@Suite struct AdvanceWidthTests {
    let measurer = TextFixtures.measurer()

    func width(_ string: String, _ weight: FontWeight = .regular, size: Double = 14) -> Double {
        measurer.width(of: AttributedText(string, attributes: TextAttributes(fontSize: size, fontWeight: weight)))
    }

    @Test(arguments: [
        ("Hello, world!", 12953),
        ("AVATAR Type WAVE", 19582),          // kerning: A-V, A-T, T-y … pairs are tightened
        ("office affine", 12063),             // the ffi ligature is one glyph
        ("Привет, мир", 13309),               // Cyrillic
        ("Καλημέρα κόσμε", 17082),            // Greek with tonos
        ("cafe\u{301} na\u{308}ive", 10607),  // combining marks compose to precomposed glyphs
        ("😀", 2135),                          // U+1F600 is in DejaVu Sans
        ("\u{2026}", 2048),
        ("The quick brown fox jumps over the", 36797),
        ("lazy dog.", 9266),
    ])
    func regularMatchesHarfBuzz(_ string: String, _ units: Int) {
        #expect(TextFixtures.fonts.regular.advanceUnits(of: string) == units)
        #expect(close(width(string), TextFixtures.points(units)))
        #expect(close(width(string, size: 17), TextFixtures.points(units, size: 17)))
    }

    /// DejaVu Sans alone shapes what it lacks to `.notdef` (1229 units); the measurer sets such
    /// text in the fallback fonts instead (``FallbackWidthTests``).
    @Test(arguments: [("中文", 2458), ("🦄", 1229)])
    func dejaVuAloneShapesMissingCharactersAsNotdef(_ string: String, _ units: Int) {
        #expect(TextFixtures.fonts.regular.advanceUnits(of: string) == units)
    }

    @Test(arguments: [("Hello, world!", 14816), ("AVATAR Type WAVE", 22085)])
    func boldMatchesHarfBuzz(_ string: String, _ units: Int) {
        #expect(TextFixtures.fonts.bold.advanceUnits(of: string) == units)
        #expect(close(width(string, .bold), TextFixtures.points(units)))
    }

    @Test func kerningNarrowsPairs() {
        // Unkerned, "AV" would be 2 × 1401 units (A and V advances); HarfBuzz gives 1270 + 1401.
        #expect(close(width("AV"), TextFixtures.points(1270 + 1401)))
    }

    @Test func trailingSpacesDoNotCount() {
        #expect(close(width("Hello, world!   "), TextFixtures.points(12953)))
        #expect(close(width(" Hello, world!"), TextFixtures.points(12953 + 651)))
    }

    @Test func lineMetricsComeFromHheaScaledToTheSize() {
        // hb_font_get_h_extents on DejaVu Sans (both weights): ascender 1901, descender −483, gap 0.
        let metrics = TextFixtures.fonts.regular.lineMetrics(fontSize: 14)
        #expect(metrics == LineMetrics(ascender: 1901 * 14 / 2048.0, descender: -483 * 14 / 2048.0, lineGap: 0))
        #expect(metrics.height == 2384 * 14 / 2048.0)
        #expect(TextFixtures.fonts.bold.lineMetrics(fontSize: 20) ==
                LineMetrics(ascender: 1901 * 20 / 2048.0, descender: -483 * 20 / 2048.0, lineGap: 0))
    }

    @Test func facesAreTheDejaVuFiles() {
        #expect(TextFixtures.fonts.regular.familyName == "DejaVu Sans")
        #expect(TextFixtures.fonts.bold.styleName == "Bold")
        #expect(TextFixtures.fonts.regular.covers("Ж"))
        #expect(!TextFixtures.fonts.regular.covers("中"))
    }

    @Test func missingFontDirectoryIsAClearError() {
        #expect(throws: FontError.fileNotFound(path: "/nonexistent/DejaVuSans.ttf")) {
            try FontCollection(directory: "/nonexistent")
        }
    }
}
