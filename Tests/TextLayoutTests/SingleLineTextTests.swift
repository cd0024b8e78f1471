import Testing
@testable import TextLayout

/// A short one-line label is measured without a ``ShapedText``, and exactly as the typesetter
/// measures it; whatever the shortcut cannot prove it leaves to the general path.
@Suite struct SingleLineTextTests {
    static let pieces = [
        "user42_sunset", "AV", "Wa", "Yo", "12m", "1,234 likes", "well-known", "Type", "T.", "(x)", "--", "a",
        "Tyrannosaurus", "  ", "\t", "y.", "https://e.com/a-b", "42",
    ]

    /// A seeded label of one to four pieces in one run (sizes and weights vary by seed).
    static func label(seed: UInt64) -> AttributedText {
        var random = SeededWords(seed: seed)
        let string = (0..<(1 + random.below(4))).map { _ in pieces[random.below(pieces.count)] }
            .joined(separator: random.below(3) == 0 ? "  " : " ")
        let sizes = [12.0, 13, 14, 17.5, 20]
        return AttributedText(string, attributes: TextAttributes(fontSize: sizes[random.below(sizes.count)],
                                                                 fontWeight: seed % 3 == 0 ? .bold : .regular))
    }

    /// The general path: the text shaped whole, then typeset.
    static func typeset(_ text: AttributedText, width: Double, cache: WordShapeCache) -> TextMeasurement {
        Typesetter(shaped: ShapedText(text, fonts: UnretainedFonts(TextFixtures.fonts), wordCache: cache.borrowed))
            .layout(maxWidth: width, options: .standard, wordCache: cache.borrowed)
    }

    /// Every seeded label at widths from none to ample: where the shortcut answers, its answer is
    /// the typesetter's to the bit; where the typesetter makes one line of the whole label from
    /// prefix sums, the shortcut answers (so the tests below are not vacuous).
    @Test func answersExactlyAsTheTypesetter() {
        let fonts = UnretainedFonts(TextFixtures.fonts)
        let cache = WordShapeCache()
        var mismatches: [String] = []
        var answered = 0, declined = 0
        for seed in 0..<300 as Range<UInt64> {
            let text = Self.label(seed: seed)
            for width in [0.0, 10, 24.5, 60, 95.25, 180, 400, .infinity] {
                let expected = Self.typeset(text, width: width, cache: cache)
                if let fast = SingleLineText.measure(text, maxWidth: width, fonts: fonts, wordCache: cache.borrowed) {
                    answered += 1
                    if fast != expected { mismatches.append("\"\(text.string)\" at \(width)") }
                } else {
                    declined += 1
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(answered > 1000 && declined > 200, "answered \(answered), declined \(declined)")
    }

    /// A label that wraps, or breaks inside its only word, is left to the general path.
    @Test func declinesTextThatNeedsASecondLine() {
        let fonts = UnretainedFonts(TextFixtures.fonts)
        let cache = WordShapeCache()
        let text = AttributedText("1,234 likes", attributes: TextAttributes(fontSize: 14))
        let full = Self.typeset(text, width: .infinity, cache: cache)
        #expect(SingleLineText.measure(text, maxWidth: full.width, fonts: fonts, wordCache: cache.borrowed) == full)
        #expect(SingleLineText.measure(text, maxWidth: full.width - 0.01, fonts: fonts, wordCache: cache.borrowed) == nil)
        #expect(Self.typeset(text, width: full.width - 0.01, cache: cache).lines.count == 2)
        #expect(SingleLineText.measure(text, maxWidth: 5, fonts: fonts, wordCache: cache.borrowed) == nil)
    }

    /// Newlines, several runs, non-ASCII characters, long texts and a missing word cache all take
    /// the general path.
    @Test func declinesWhatItCannotProve() {
        let fonts = UnretainedFonts(TextFixtures.fonts)
        let cache = WordShapeCache()
        var twoRuns = AttributedText("bold ", attributes: TextAttributes(fontWeight: .bold))
        twoRuns.append("regular", attributes: TextAttributes())
        let declined = [
            AttributedText("first\nsecond"), twoRuns, AttributedText("Zürich"),
            AttributedText(String(repeating: "word ", count: 13)),
        ]
        for text in declined {
            #expect(SingleLineText.measure(text, maxWidth: .infinity, fonts: fonts, wordCache: cache.borrowed) == nil,
                    "\(text.string)")
        }
        #expect(SingleLineText.measure(AttributedText("label"), maxWidth: .infinity, fonts: fonts, wordCache: nil) == nil)
    }

    /// Through the measurer, a label measures as the typesetter lays it out.
    @Test func theMeasurerMeasuresALabelAsTheTypesetterDoes() {
        let measurer = TextMeasurer(fonts: TextFixtures.fonts)
        let text = AttributedText("12m", attributes: TextAttributes(fontSize: 12))
        let measured = measurer.measureUncached(text, maxWidth: 200)
        #expect(measured == Self.typeset(text, width: 200, cache: measurer.wordCache!))
        #expect(measured.lines.count == 1 && measured.lines[0].range == 0..<3)
    }
}
