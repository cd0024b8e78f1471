import Testing
@testable import TextLayout

/// An ASCII text of one run is measured without a ``ShapedText``, and exactly as the typesetter
/// measures it: lines, line limits and truncation; whatever the shortcut cannot prove it leaves to
/// the general path.
@Suite struct ComposedTextTests {
    static let pieces = [
        "user42_sunset", "AV", "Wa", "Yo", "12m", "1,234 likes", "well-known", "Type", "T.", "(x)", "--", "a",
        "Tyrannosaurus", "  ", "\t", "y.", "https://e.com/a-b", "42", "sunset", "over", "the", "harbour", "office",
        "WAVE", "\n", "\r\n", "supercalifragilisticexpialidocious",
    ]

    /// A seeded text of `1 ... maximumPieces` pieces in one run (sizes and weights vary by seed).
    static func text(seed: UInt64, maximumPieces: Int) -> AttributedText {
        var random = SeededWords(seed: seed)
        let string = (0..<(1 + random.below(maximumPieces))).map { _ in pieces[random.below(pieces.count)] }
            .joined(separator: random.below(3) == 0 ? "  " : " ")
        let sizes = [12.0, 13, 14, 17.5, 20]
        return AttributedText(string, attributes: TextAttributes(fontSize: sizes[random.below(sizes.count)],
                                                                 fontWeight: seed % 3 == 0 ? .bold : .regular))
    }

    /// The general path: the text shaped (lazily under a line limit, as the measurer does), then
    /// typeset.
    static func typeset(_ text: AttributedText, width: Double, options: TextLayoutOptions = .standard,
                        cache: WordShapeCache) -> TextMeasurement {
        let shaped = ShapedText(text, fonts: UnretainedFonts(TextFixtures.fonts), wordCache: cache.borrowed,
                                lazily: options.maximumNumberOfLines > 0)
        return Typesetter(shaped: shaped).layout(maxWidth: width, options: options, wordCache: cache.borrowed)
    }

    static func composed(_ text: AttributedText, width: Double, options: TextLayoutOptions = .standard,
                         cache: WordShapeCache?) -> TextMeasurement? {
        ComposedText.measure(text, options: options, maxWidth: width, fonts: UnretainedFonts(TextFixtures.fonts),
                             wordCache: cache?.borrowed)
    }

    /// Seeded labels and captions at widths from none to ample, with and without line limits and
    /// truncation strings: where the shortcut answers, its answer is the typesetter's to the bit;
    /// and it answers often, for wrapped and for truncated texts (so the check is not vacuous).
    @Test func answersExactlyAsTheTypesetter() {
        let cache = WordShapeCache()
        var mismatches: [String] = []
        var answered = 0, declined = 0, wrapped = 0, truncated = 0, cutMidWord = 0
        let limits = [
            TextLayoutOptions.standard, TextLayoutOptions(maximumNumberOfLines: 1),
            TextLayoutOptions(maximumNumberOfLines: 2, truncationString: ""),
            TextLayoutOptions(maximumNumberOfLines: 3), TextLayoutOptions(maximumNumberOfLines: 2, truncationString: " more"),
        ]
        for seed in 0..<400 as Range<UInt64> {
            let text = Self.text(seed: seed, maximumPieces: seed % 2 == 0 ? 4 : 40)
            for width in [0.0, 10, 24.5, 60, 95.25, 180, 351, .infinity] {
                for options in limits {
                    let expected = Self.typeset(text, width: width, options: options, cache: cache)
                    guard let fast = Self.composed(text, width: width, options: options, cache: cache) else {
                        declined += 1
                        continue
                    }
                    answered += 1
                    if fast.lines.count > 1 { wrapped += 1 }
                    if let last = fast.lines.last, last.isTruncated {
                        truncated += 1
                        let bytes = Array(text.string.utf8), end = last.visibleRange.upperBound
                        if end > 0 && end < bytes.count && bytes[end] != 0x20 && bytes[end - 1] != 0x20 { cutMidWord += 1 }
                    }
                    if fast != expected { mismatches.append("\"\(text.string)\" at \(width), \(options)") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        #expect(answered > 8000 && declined > 500 && wrapped > 3000 && truncated > 1500 && cutMidWord > 500,
                "answered \(answered), declined \(declined), wrapped \(wrapped), truncated \(truncated), cut mid-word \(cutMidWord)")
    }

    /// A word wider than the line (broken between characters) is left to the general path.
    @Test func declinesAWordWiderThanTheLine() {
        let cache = WordShapeCache()
        let text = AttributedText("1,234 likes", attributes: TextAttributes(fontSize: 14))
        let full = Self.typeset(text, width: .infinity, cache: cache)
        #expect(Self.composed(text, width: full.width, cache: cache) == full)
        let wrapped = Self.composed(text, width: full.width - 0.01, cache: cache)
        #expect(wrapped == Self.typeset(text, width: full.width - 0.01, cache: cache) && wrapped?.lines.count == 2)
        #expect(Self.composed(text, width: 5, cache: cache) == nil)
        #expect(Self.typeset(text, width: 5, cache: cache).lines.count > 2)
    }

    /// Several runs, non-ASCII characters, long texts and a missing word cache take the general path.
    @Test func declinesWhatItCannotProve() {
        let cache = WordShapeCache()
        var twoRuns = AttributedText("bold ", attributes: TextAttributes(fontWeight: .bold))
        twoRuns.append("regular", attributes: TextAttributes())
        let declined = [
            twoRuns, AttributedText("Zürich"),
            AttributedText(String(repeating: "word ", count: ComposedText.maximumLength / 5 + 1)),
        ]
        for text in declined {
            #expect(Self.composed(text, width: .infinity, cache: cache) == nil, "\(text.string)")
        }
        #expect(Self.composed(AttributedText("label"), width: .infinity, cache: nil) == nil)
    }

    /// Through the measurer, a label and a truncated caption measure as the typesetter lays them out.
    @Test func theMeasurerMeasuresAsTheTypesetterDoes() {
        let measurer = TextMeasurer(fonts: TextFixtures.fonts)
        let label = AttributedText("12m", attributes: TextAttributes(fontSize: 12))
        let measured = measurer.measureUncached(label, maxWidth: 200)
        #expect(measured == Self.typeset(label, width: 200, cache: measurer.wordCache!))
        #expect(measured.lines.count == 1 && measured.lines[0].range == 0..<3)
        let caption = AttributedText(String(repeating: "golden light on water ", count: 12),
                                     attributes: TextAttributes(fontSize: 14))
        let options = TextLayoutOptions(maximumNumberOfLines: 3)
        let cut = measurer.measureUncached(caption, options: options, maxWidth: 351)
        #expect(cut == Self.typeset(caption, width: 351, options: options, cache: measurer.wordCache!))
        #expect(cut.lines.count == 3 && cut.isTruncated)
    }
}
