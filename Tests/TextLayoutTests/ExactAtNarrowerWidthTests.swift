import Testing
@testable import TextLayout

/// A measurement says when measuring again at a narrower width would give exactly it
/// (``TextMeasurement/isExact(atMaxWidth:measuredAt:)``), which lets a text node skip measuring a
/// label that a stack stretches to a sibling's width.
@Suite struct ExactAtNarrowerWidthTests {
    /// Wherever a measurement claims to be exact at a narrower width, measuring there (by the
    /// general path and by the composed one) gives it to the bit; and the claim is made often.
    @Test func aMeasurementExactAtANarrowerWidthIsWhatMeasuringThereGives() {
        let cache = WordShapeCache()
        var claims = 0, declined = 0
        for seed in 0..<400 {
            let text = ComposedTextTests.text(seed: UInt64(seed), maximumPieces: seed % 2 == 0 ? 3 : 14)
            for options in [TextLayoutOptions.standard, TextLayoutOptions(maximumNumberOfLines: 2)] {
                for measuredAt in [Double.infinity, 400, 180] {
                    let measured = ComposedTextTests.typeset(text, width: measuredAt, options: options, cache: cache)
                    for step in 0...8 {
                        let width = min(measuredAt, measured.width + 24) - Double(step) * 3.5
                        guard measured.isExact(atMaxWidth: width, measuredAt: measuredAt) else {
                            declined += 1
                            continue
                        }
                        claims += 1
                        #expect(ComposedTextTests.typeset(text, width: width, options: options, cache: cache) == measured)
                        if let composed = ComposedTextTests.composed(text, width: width, options: options, cache: cache) {
                            #expect(composed == measured)
                        }
                    }
                }
            }
        }
        #expect(claims > 2_000)
        #expect(declined > 2_000)
    }

    @Test func truncatedBrokenOrWiderIsNeverClaimed() {
        let cache = WordShapeCache()
        let caption = AttributedText("sunset over the harbour with friends after a long walk")
        let truncated = ComposedTextTests.typeset(caption, width: 120, options: TextLayoutOptions(maximumNumberOfLines: 1),
                                                  cache: cache)
        #expect(truncated.isTruncated)
        #expect(!truncated.isExact(atMaxWidth: 119, measuredAt: 120))
        let broken = ComposedTextTests.typeset(AttributedText("supercalifragilisticexpialidocious"), width: 50,
                                               cache: cache)
        #expect(broken.lines.count > 1)
        #expect(!broken.isExact(atMaxWidth: 50, measuredAt: 50))
        let label = ComposedTextTests.typeset(AttributedText("Cape Town"), width: 100, cache: cache)
        #expect(label.isExact(atMaxWidth: 100, measuredAt: 100))
        #expect(label.isExact(atMaxWidth: label.width, measuredAt: 100))
        #expect(!label.isExact(atMaxWidth: label.width - 0.5, measuredAt: 100))
        #expect(!label.isExact(atMaxWidth: 101, measuredAt: 100))  // wider: a candidate that failed might fit
        #expect(!label.isExact(atMaxWidth: -1, measuredAt: 100))
        #expect(!label.isExact(atMaxWidth: .nan, measuredAt: 100))
        // A measurement built from lines alone (a fake engine's) is never reused.
        #expect(!TextMeasurement(lines: label.lines).isExact(atMaxWidth: 100, measuredAt: 100))
    }
}
