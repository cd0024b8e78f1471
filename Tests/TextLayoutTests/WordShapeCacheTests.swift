import Testing
import TextLayout

/// Shaping by cached words must give exactly what shaping whole paragraphs gives.
@Suite struct WordShapeCacheTests {
    static let samples = [
        "The quick brown fox jumps over the lazy dog. AVATAR Type WAVE office affine",
        "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen ist lang, oder?",
        "Il a dit : « Bonjour ! » Vraiment\u{00A0}? https://example.com/photos/2024/summer-trip?id=42",
        "Καλημέρα κόσμε, τι κάνεις σήμερα; Привет, мир! Как дела? 我们今天去公园散步了很开心",
        "Great day 😀😀😀 🦄 at the beach 🏖️ #sunset @alice  double  spaces \u{0301}mark after space",
        "cafe\u{301} na\u{308}ive  Tỷ Ứng  ﬁ ﬂ fi fl ffi ffl",
        "مرحبا بالعالم \u{064B}ً كيف حالك اليوم؟ שלום עולם",
    ]

    @Test func dejaVuSpaceIsContextFreeExceptInArabic() {
        let measurer = TextFixtures.measurer()
        // On one line (a wider label's words would be looked up twice: once by the one-line
        // shortcut that then declines, once by the general path).
        // Words that open a DejaVu ligature ("ff", "fi", "fl") go through the cache; the others
        // are composed without it (ComposedWordsTests).
        _ = measurer.measureUncached(AttributedText("off fig off fig of"), maxWidth: 1000)
        // Words carry their trailing spaces: "off " is reused, "fig " and "fig " too; "of" composes.
        #expect(measurer.wordCache?.statistics == TextLayoutCacheStatistics(hits: 2, misses: 2, count: 2))
        _ = measurer.measureUncached(AttributedText("مرحبا بالعالم مرحبا"), maxWidth: 100)
        #expect(measurer.wordCache?.statistics.count == 2)  // Arabic is shaped whole
    }

    @Test(arguments: samples)
    func wordShapingEqualsWholeParagraphShaping(_ string: String) {
        let whole = TextMeasurer(fonts: TextFixtures.fonts, wordCache: nil)
        let cache = WordShapeCache()
        // Two measurers on one word cache: a measurer reuses its own thread's shaped texts, so
        // only another one shapes the text again, from the words the first one stored.
        let words = TextMeasurer(fonts: TextFixtures.fonts, wordCache: cache)
        let again = TextMeasurer(fonts: TextFixtures.fonts, wordCache: cache)
        var text = AttributedText(string, attributes: TextAttributes(fontSize: 14))
        text.append(" and bold " + string, attributes: TextAttributes(fontSize: 17, fontWeight: .bold))
        for width in [40.0, 97.5, 150, 355, .infinity] {
            for maxLines in [0, 2] {
                let options = TextLayoutOptions(maximumNumberOfLines: maxLines)
                let expected = whole.measureUncached(text, options: options, maxWidth: width)
                // Twice: the second time every word comes from the cache.
                #expect(words.measureUncached(text, options: options, maxWidth: width) == expected)
                #expect(again.measureUncached(text, options: options, maxWidth: width) == expected)
            }
        }
        #expect(cache.statistics.hits > 0)
    }
}
