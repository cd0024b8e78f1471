import CHarfBuzz
import TestSupport
import Testing
@testable import TextLayout

/// Words made only of characters shaping cannot touch are composed from their glyphs' advances
/// instead of shaped, and come out exactly as HarfBuzz shapes them.
@Suite struct ContextFreeWordsTests {
    static let faces = [TextMeasurer.shared.fonts.regular, TextMeasurer.shared.fonts.bold]

    /// The printable ASCII characters `face` composes without shaping.
    static func contextFree(_ face: FontFace) -> [UInt8] {
        (0x20...0x7E).map(UInt8.init).filter { BorrowedFace(face).contextFreeAdvance(of: $0) >= 0 }
    }

    /// `word`'s (advances, flags) through `shapeWord` (composed when it can be) and through HarfBuzz.
    static func bothWays(_ word: [UInt8], face: FontFace, script: hb_script_t)
        -> (ours: [Int32], ourFlags: [UInt8], harfBuzz: [Int32], harfBuzzFlags: [UInt8]) {
        var ours = [Int32](repeating: 7, count: word.count), ourFlags = [UInt8](repeating: 7, count: word.count)
        var reference = ours, referenceFlags = ourFlags
        let borrowed = BorrowedFace(face)
        word.withUnsafeBufferPointer { all in
            ShapedText.shapeWord(all, word: 0..<word.count, face: borrowed, script: script,
                                 advances: &ours, flags: &ourFlags)
            ShapedText.shapeWordWithHarfBuzz(all, word: 0..<word.count, face: borrowed, script: script,
                                             advances: &reference, flags: &referenceFlags)
        }
        return (ours, ourFlags, reference, referenceFlags)
    }

    @Test(arguments: faces)
    func digitsAndSpaceComposeButKernedLettersDoNot(face: FontFace) {
        let free = Set(Self.contextFree(face))
        #expect(Set("0123456789 ".utf8).isSubset(of: free))
        // DejaVu Sans kerns these against many characters: shaping must see them. (A letter
        // kerned only against letters that never compose, such as "o" against "T", may compose.)
        #expect(free.isDisjoint(with: "TVWY".utf8))
        // Control characters and bytes beyond ASCII are never composed.
        let borrowed = BorrowedFace(face)
        #expect([0x00, 0x09, 0x0A, 0x7F, 0xC3].allSatisfy { borrowed.contextFreeAdvance(of: $0) < 0 })
    }

    /// Every pair and triple of composable characters, and thousands of longer random words,
    /// compose to exactly HarfBuzz's advances and flags, as Latin and as Common text.
    @Test(arguments: faces)
    func composedWordsEqualHarfBuzzShaping(face: FontFace) {
        let free = Self.contextFree(face)
        var words = free.flatMap { a in free.map { b in [a, b] } }
        words += free.flatMap { a in free.prefix(12).flatMap { b in free.map { c in [a, b, c] } } }
        var random = SeededRandom(seed: 21)
        words += (0..<3_000).map { _ in (0..<random.int(in: 4...24)).map { _ in random.pick(free) } }
        var mismatches: [String] = []
        for word in words {
            for script in [HB_SCRIPT_LATIN, HB_SCRIPT_COMMON] {
                let result = Self.bothWays(word, face: face, script: script)
                if result.ours != result.harfBuzz || result.ourFlags != result.harfBuzzFlags {
                    mismatches.append(String(decoding: word, as: UTF8.self))
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    @Test(arguments: faces)
    func wordsWithOtherCharactersAreShaped(face: FontFace) {
        // "1,204 likes": the first word composes, the second has kerned letters; both as HarfBuzz.
        for word in ["1,204 ", "likes", "12:30", "Tokyo", "V8", "(7)", "7A", "1.", "T."] {
            let result = Self.bothWays(Array(word.utf8), face: face, script: HB_SCRIPT_LATIN)
            #expect(result.ours == result.harfBuzz && result.ourFlags == result.harfBuzzFlags, "\(word)")
        }
        // Outside Latin and Common the table is not consulted (its lookups were not checked).
        let greek = Self.bothWays(Array("123".utf8), face: face, script: HB_SCRIPT_GREEK)
        #expect(greek.ours == greek.harfBuzz)
    }

    /// The measurer's results do not depend on the shortcut: a caption of numbers and words
    /// measures as its HarfBuzz-shaped width says.
    @Test func measuredLabelsWithNumbersMatchWholeShaping() {
        let measurer = TextMeasurer(fonts: TextMeasurer.shared.fonts)
        for label in ["1,204 likes", "View all 12 comments", "3 (of 7) 100% + 4 = 9?", "2025-06-15 12:00"] {
            let text = AttributedText(label, attributes: TextAttributes(fontSize: 14))
            let units = TextMeasurer.shared.fonts.regular.advanceUnits(of: label)
            let width = measurer.measure(text, maxWidth: .infinity).lines[0].width
            #expect(abs(width - Double(units) * 14 / 2048) < 1e-9, "\(label)")
        }
    }
}
