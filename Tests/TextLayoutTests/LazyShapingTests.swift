import Testing
@testable import TextLayout

/// A text with a line limit is shaped only as far as its lines reach, and measures exactly as
/// the text shaped whole does.
@Suite struct LazyShapingTests {
    static let words = [
        "sunset", "over", "the", "harbour", "AVATAR", "Type", "WAVE", "office", "Tyrannosaurus,", "y.", "V.",
        "1,234.5", "(x)", "--", "42", "well-known", "AV", "Wa", "Yo", "https://example.com/a-b?x=1", "a",
        "supercalifragilisticexpialidocious-and-then-some", "\n", "  ",
    ]

    /// `count` words drawn by a seeded generator, in one to three runs of mixed sizes and weights.
    static func text(seed: UInt64, count: Int) -> AttributedText {
        var random = SeededWords(seed: seed)
        let string = (0..<count).map { _ in words[random.below(words.count)] }.joined(separator: " ")
        let cuts = [random.below(string.utf8.count + 1), random.below(string.utf8.count + 1)].sorted()
        let sizes = [14.0, 17, 13.3, 12, 20]
        var text = AttributedText()
        var start = 0
        for (i, cut) in (cuts + [string.utf8.count]).enumerated() where cut > start {
            let piece = String(decoding: Array(string.utf8)[start..<cut], as: UTF8.self)
            text.append(piece, attributes: TextAttributes(fontSize: sizes[random.below(sizes.count)],
                                                          fontWeight: i % 2 == 0 ? .regular : .bold))
            start = cut
        }
        return text
    }

    /// Every seeded text, at many widths and line limits, lays out lazily exactly as eagerly:
    /// same lines, same widths to the bit, same truncation.
    @Test func lazyLayoutEqualsEagerLayout() {
        let fonts = UnretainedFonts(TextFixtures.fonts)
        var mismatches: [String] = []
        for seed in 0..<120 as Range<UInt64> {
            let text = Self.text(seed: seed, count: 4 + Int(seed % 60))
            let cache = WordShapeCache()
            for lines in [1, 2, 3, 5] {
                for width in [0.0, 30, 95.5, 200, 351, 1000] {
                    let options = TextLayoutOptions(maximumNumberOfLines: lines)
                    let eager = Typesetter(shaped: ShapedText(text, fonts: fonts, wordCache: cache.borrowed))
                        .layout(maxWidth: width, options: options, wordCache: cache.borrowed)
                    let lazy = Typesetter(shaped: ShapedText(text, fonts: fonts, wordCache: cache.borrowed, lazily: true))
                        .layout(maxWidth: width, options: options, wordCache: cache.borrowed)
                    if lazy != eager { mismatches.append("seed \(seed), \(lines) lines, width \(width)") }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// Widths of stretches asked in a seeded random order (so shaping jumps ahead and later
    /// reads behind its end) equal the eager text's, to the bit.
    @Test func widthsInAnyOrderEqualEagerWidths() {
        let fonts = UnretainedFonts(TextFixtures.fonts)
        let cache = WordShapeCache()
        var random = SeededWords(seed: 99)
        var mismatches: [String] = []
        for seed in 0..<20 as Range<UInt64> {
            let text = Self.text(seed: seed, count: 40)
            let eager = ShapedText(text, fonts: fonts, wordCache: cache.borrowed)
            let lazy = ShapedText(text, fonts: fonts, wordCache: cache.borrowed, lazily: true)
            for _ in 0..<200 {
                let a = random.below(eager.count + 1), b = random.below(eager.count + 1)
                let (low, high) = (min(a, b), max(a, b))
                if lazy.width(low, high) != eager.width(low, high) { mismatches.append("seed \(seed) [\(low), \(high))") }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// One lazily shaped text measured at several widths in turn (as ``RecentShapedTexts`` reuses
    /// it) gives each width's eager result, whichever order the widths come in.
    @Test func aLazyTextReusedAcrossWidthsStaysExact() {
        let fonts = UnretainedFonts(TextFixtures.fonts)
        let cache = WordShapeCache()
        let text = Self.text(seed: 7, count: 80)
        let shared = ShapedText(text, fonts: fonts, wordCache: cache.borrowed, lazily: true)
        for (width, lines) in [(351.0, 3), (120, 2), (1000, 1), (351, 0), (60, 4)] {
            let options = TextLayoutOptions(maximumNumberOfLines: lines)
            let eager = Typesetter(shaped: ShapedText(text, fonts: fonts, wordCache: cache.borrowed))
                .layout(maxWidth: width, options: options, wordCache: cache.borrowed)
            #expect(Typesetter(shaped: shared).layout(maxWidth: width, options: options, wordCache: cache.borrowed) == eager)
        }
        #expect(shared.shapedEnd == shared.count, "the unlimited layout shaped it to the end")
    }

    /// A long caption cut at 3 lines is shaped only a little past its third line, and the
    /// measurer takes that path for texts with a line limit.
    @Test func aTruncatedCaptionIsShapedOnlyAsFarAsItsLines() {
        let fonts = UnretainedFonts(TextFixtures.fonts)
        let string = Array(repeating: "golden light on the water after a long walk", count: 20).joined(separator: " ")
        let text = AttributedText(string, attributes: TextAttributes(fontSize: 14))
        let cache = WordShapeCache()  // a shaped text does not keep its cache alive
        let shaped = ShapedText(text, fonts: fonts, wordCache: cache.borrowed, lazily: true)
        let measurement = Typesetter(shaped: shaped)
            .layout(maxWidth: 351, options: TextLayoutOptions(maximumNumberOfLines: 3), wordCache: cache.borrowed)
        let lastVisible = measurement.lines[2].visibleRange.upperBound
        #expect(shaped.shapedEnd > lastVisible)
        #expect(shaped.shapedEnd < lastVisible + 2 * LazyShaping.lookahead, "not shaped to the end (\(shaped.count))")
        #expect(shaped.lazyShaping != nil)
    }

    /// Non-ASCII text, and text without a word cache, are shaped eagerly even when asked lazily.
    @Test func onlyASCIIWithAWordCacheIsShapedLazily() {
        let fonts = UnretainedFonts(TextFixtures.fonts)
        let cache = WordShapeCache()
        let ascii = ShapedText(AttributedText("plain words here"), fonts: fonts, wordCache: cache.borrowed, lazily: true)
        let accented = ShapedText(AttributedText("café au lait"), fonts: fonts, wordCache: cache.borrowed, lazily: true)
        let uncached = ShapedText(AttributedText("plain words here"), fonts: fonts, wordCache: nil, lazily: true)
        #expect(ascii.shapedEnd == 0 && ascii.lazyShaping != nil)
        #expect(accented.shapedEnd == accented.count && accented.lazyShaping == nil)
        #expect(uncached.shapedEnd == uncached.count && uncached.lazyShaping == nil)
    }
}

/// A seeded SplitMix64 stream for the test texts.
struct SeededWords {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func below(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
