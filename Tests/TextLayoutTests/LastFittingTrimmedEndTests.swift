import LayoutTestSupport
import Testing
@testable import TextLayout

/// `ShapedText.lastFittingTrimmedEnd`, which truncation uses, walks ASCII without a call per
/// grapheme boundary; it must stop where the boundary-by-boundary walk stops, with the same width.
@Suite struct LastFittingTrimmedEndTests {
    /// The walk the fast path replaces: every boundary trimmed and measured through `width`.
    static func reference(_ shaped: ShapedText, _ start: Int, _ end: Int, _ available: Double) -> (Int, Double) {
        var kept = (start, 0.0)
        shaped.forEachGraphemeBoundary(start, end) { q in
            let visibleEnd = shaped.trimmingTrailingWhitespace(start, q)
            let width = shaped.width(start, visibleEnd)
            guard width <= available else { return false }
            kept = (visibleEnd, width)
            return true
        }
        return kept
    }

    @Test func asciiWalkStopsWhereTheBoundaryWalkStops() {
        let pieces = ["AVATAR", "To", "Wavy", "office", "light", "1,204", "  ", " ", "\r\n", "\t", "T.", "y'all", "-A-"]
        var random = SeededRandom(seed: 14)
        var compared = 0
        for index in 0..<30 {
            let string = (0..<random.int(in: 3...30)).map { _ in random.pick(pieces) }.joined(separator: " ")
            let text = AttributedText(string, attributes: TextAttributes(fontSize: 14, fontWeight: index % 3 == 0 ? .bold : .regular))
            let count = string.utf8.count
            let starts = [0] + (1..<count).filter { Array(string.utf8)[$0 - 1] == 0x20 }.prefix(4)
            for lazily in [false, true] {
                for start in starts {
                    for available in [-1.0, 0, 7.5, 30, 61.25, 120, 500] {
                        // Fresh texts for each walk: a lazy text is shaped as far as widths ask.
                        // (A shaped text does not retain its word cache: these locals keep them.)
                        let fastCache = WordShapeCache(), slowCache = WordShapeCache()
                        let fast = ShapedText(text, fonts: UnretainedFonts(TextFixtures.fonts), wordCache: fastCache.borrowed,
                                              lazily: lazily)
                        let slow = ShapedText(text, fonts: UnretainedFonts(TextFixtures.fonts), wordCache: slowCache.borrowed,
                                              lazily: lazily)
                        let ours = fast.lastFittingTrimmedEnd(from: start, to: count, available: available)
                        let expected = Self.reference(slow, start, count, available)
                        withExtendedLifetime((fastCache, slowCache)) {}
                        #expect(ours.end == expected.0 && ours.width == expected.1,
                                "\(string.debugDescription) from \(start), \(available)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 1_000)
    }
}
