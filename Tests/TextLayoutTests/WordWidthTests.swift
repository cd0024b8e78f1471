import Testing
@testable import TextLayout

/// Widths across unsafe boundaries assembled from cached words equal HarfBuzz's reshaping of the
/// stretch, to the bit.
@Suite struct WordWidthTests {
    static let samples = [
        "AVATAR Type WAVE office affine Tyrannosaurus, “quoted” y. V. T. LT AV AW AY Wa We Yo",
        "The quick brown fox jumps over the lazy dog. https://example.com/a-b?x=1 well-known",
        "Καλημέρα κόσμε, Привет, мир! cafe\u{301} na\u{308}ive ﬁ ﬂ 我们今天去公园",
        "Great day 😀 🦄 at the beach #sunset @alice  double  spaces",
        "AVATAR Type WAVE office, y. V. T. LT AV AW AY Wa We Yo 1,234.5 (x) -- 42 well-known Tyrannosaurus",
        "12 345 67.8 -- 9/10 AV Ty Wa Yo",
    ]

    /// Every stretch between grapheme boundaries (unsafe ones included), measured with and
    /// without the word cache; the cache path also serves sizes whose scale is not dyadic by
    /// falling back.
    @Test(arguments: samples)
    func widthsFromWordsEqualReshaping(_ string: String) {
        let cache = WordShapeCache()
        for size in [14.0, 17, 13.3] {
            var text = AttributedText(String(string.prefix(40)), attributes: TextAttributes(fontSize: size))
            text.append(String(string.dropFirst(40)), attributes: TextAttributes(fontSize: size + 3, fontWeight: .bold))
            let byWords = ShapedText(text, fonts: TextFixtures.fonts, wordCache: cache)
            let whole = ShapedText(text, fonts: TextFixtures.fonts)
            var boundaries = [0]
            whole.forEachGraphemeBoundary(0, whole.count) { boundaries.append($0); return true }
            var mismatches: [String] = []
            for (i, a) in boundaries.enumerated() {
                for b in boundaries[(i + 1)...] where byWords.width(a, b) != whole.width(a, b) {
                    mismatches.append("\(size) [\(a), \(b)): \(byWords.width(a, b)) vs \(whole.width(a, b))")
                }
            }
            #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        }
    }

    /// ASCII text at a dyadic size composes widths from its own prefix sums; other sizes and
    /// non-ASCII text do not (they take the general word path or HarfBuzz).
    @Test func composedWidthAppliesToASCIIAtExactScales() {
        let cache = WordShapeCache()
        func shaped(_ string: String, _ size: Double) -> ShapedText {
            ShapedText(AttributedText(string, attributes: TextAttributes(fontSize: size)), fonts: TextFixtures.fonts,
                       wordCache: cache)
        }
        #expect(shaped(Self.samples[4], 14).composesFromWords)
        #expect(!shaped(Self.samples[4], 13.3).composesFromWords)
        #expect(!shaped(Self.samples[0], 14).composesFromWords)
        #expect(!ShapedText(AttributedText(Self.samples[4]), fonts: TextFixtures.fonts).composesFromWords)
        let text = shaped(Self.samples[4], 14)
        #expect(text.composedWidth(0, 10) == text.widthByWords(0, 10))  // "AVATAR Typ"
        #expect(text.composedWidth(1, 10) == nil)  // not a word start
    }

    /// The prefix sums of the two shaped texts agree too, and some boundaries are unsafe (so the
    /// test reaches the word path).
    @Test func samplesHaveUnsafeBoundaries() {
        let text = AttributedText(Self.samples[0], attributes: TextAttributes(fontSize: 14))
        let byWords = ShapedText(text, fonts: TextFixtures.fonts, wordCache: WordShapeCache())
        let whole = ShapedText(text, fonts: TextFixtures.fonts)
        #expect(Array(byWords.prefix) == Array(whole.prefix))
        #expect(whole.flags.contains { $0 & 3 == 3 })
    }
}
