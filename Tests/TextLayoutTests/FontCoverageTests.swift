import LayoutTestSupport
import Testing
import TextLayout

/// Which text the cascade (DejaVu Sans, Noto Sans CJK JP, Noto Color Emoji) sets without a tofu
/// box, and which scripts are still without a font (the list in `docs/text.md`).
@Suite struct FontCoverageTests {
    let measurer = TextFixtures.measurer()

    @Test func noCuratedTextMeasuresANotdefGlyph() {
        var missing: [String: [String]] = [:]
        for weight in FontWeight.allCases {
            for text in CuratedTexts.distinct {
                let clusters = measurer.clustersWithoutGlyph(
                    in: AttributedText(text, attributes: TextAttributes(fontSize: 14, fontWeight: weight)))
                if !clusters.isEmpty { missing[text] = clusters }
            }
        }
        #expect(CuratedTexts.all.count > 4_000)
        #expect(missing.isEmpty, "texts with tofu: \(missing.prefix(5))")
    }

    @Test func dejaVuAloneWouldShowTofuInTheCuratedTexts() {
        // The same check without the fallbacks finds the CJK and emoji captions.
        let plain = TextMeasurer(fonts: FontCollection(regular: TextFixtures.fonts.regular, bold: TextFixtures.fonts.bold))
        let withTofu = CuratedTexts.distinct.filter { !plain.clustersWithoutGlyph(in: AttributedText($0)).isEmpty }
        #expect(!withTofu.isEmpty)
        #expect(plain.clustersWithoutGlyph(in: AttributedText("中a🔥")) == ["中", "🔥"])
    }

    /// One letter per script, and whether some font of the cascade has it (regular and bold).
    static let scripts: [(String, String)] = [
        ("Latin", "a"), ("Greek", "α"), ("Cyrillic", "ж"), ("Armenian", "ա"), ("Georgian", "ა"), ("Hebrew", "א"),
        ("Arabic", "ب"), ("Syriac", "ܐ"), ("Thaana", "ދ"), ("N'Ko", "ߊ"), ("Devanagari", "क"), ("Bengali", "ক"),
        ("Gurmukhi", "ਕ"), ("Gujarati", "ક"), ("Oriya", "କ"), ("Tamil", "க"), ("Telugu", "క"), ("Kannada", "ಕ"),
        ("Malayalam", "ക"), ("Sinhala", "ක"), ("Thai", "ก"), ("Lao", "ກ"), ("Tibetan", "ཀ"), ("Myanmar", "က"),
        ("Khmer", "ក"), ("Mongolian", "ᠠ"), ("Ethiopic", "አ"), ("Cherokee", "Ꭰ"), ("Canadian Aboriginal", "ᐁ"),
        ("Ogham", "ᚁ"), ("Runic", "ᚠ"), ("Tifinagh", "ⴰ"), ("Han", "中"), ("Hiragana", "あ"), ("Katakana", "ア"),
        ("Hangul", "한"), ("Bopomofo", "ㄅ"), ("Yi", "ꀀ"), ("Javanese", "ꦄ"), ("Balinese", "ᬅ"),
    ]

    @Test func scriptsStillWithoutAFont() {
        let uncovered = Self.scripts.filter { _, letter in
            FontWeight.allCases.contains { weight in
                !measurer.clustersWithoutGlyph(
                    in: AttributedText(letter, attributes: TextAttributes(fontWeight: weight))).isEmpty
            }
        }.map(\.0)
        // docs/text.md names these.
        #expect(uncovered == [
            "Syriac", "Thaana", "Devanagari", "Bengali", "Gurmukhi", "Gujarati", "Oriya", "Tamil", "Telugu",
            "Kannada", "Malayalam", "Sinhala", "Thai", "Tibetan", "Myanmar", "Khmer", "Mongolian", "Ethiopic",
            "Cherokee", "Runic", "Yi", "Javanese", "Balinese",
        ])
    }
}
