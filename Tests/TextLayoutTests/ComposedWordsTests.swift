import CHarfBuzz
import LayoutTestSupport
import Testing
@testable import TextLayout

/// Words made only of a face's composable ASCII characters are composed from their glyphs'
/// advances and their pairs' kerning instead of shaped, and come out exactly as HarfBuzz shapes
/// them: advances and `UNSAFE_TO_BREAK` flags.
@Suite struct ComposedWordsTests {
    static let faces = [TextMeasurer.shared.fonts.regular, TextMeasurer.shared.fonts.bold]

    /// The printable ASCII characters `face` composes without shaping.
    static func composable(_ face: FontFace) -> [UInt8] {
        (0x20...0x7E).map(UInt8.init).filter { face.composableASCII.advance(of: $0) >= 0 }
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

    static func composes(_ word: String, _ face: FontFace) -> Bool {
        var advances = [Int32](repeating: 0, count: word.utf8.count), flags = [UInt8](repeating: 0, count: word.utf8.count)
        return Array(word.utf8).withUnsafeBufferPointer { all in
            face.composableASCII.compose(all, word: 0..<all.count, script: HB_SCRIPT_LATIN, advances: &advances, flags: &flags)
        }
    }

    @Test(arguments: faces)
    func everyPrintableCharacterComposesOutsideTheLigatures(face: FontFace) {
        // DejaVu Sans's `liga` makes ligatures of "f" with f, i and l: a word holding one of
        // those pairs is shaped, any other word with an "f" composes.
        // "i" and "j" compose: `ccmp` changes them only before a combining mark, which is not ASCII.
        #expect(Self.composable(face) == (0x20...0x7E).map(UInt8.init))
        #expect(Self.composes("Tokyo", face) && Self.composes("light", face) && Self.composes("AVATAR.", face))
        #expect(Self.composes("of", face) && Self.composes("after", face) && Self.composes("if", face)
            && Self.composes("fjord", face))
        #expect(!Self.composes("coffee", face) && !Self.composes("fig", face) && !Self.composes("fly", face))
        #expect(!Self.composes("Zürich", face) && !Self.composes("a\tb", face))
        let composable = face.composableASCII
        #expect([0x00, 0x09, 0x0A, 0x7F, 0xC3].allSatisfy { composable.advance(of: $0) < 0 })
    }

    /// Kerned pairs are composed with their adjustment and the flag HarfBuzz sets.
    @Test(arguments: faces)
    func kernedPairsCarryTheirAdjustmentAndFlag(face: FontFace) {
        for word in ["To", "AV", "Ty.", "WAVY", "LT", "P."] {
            let result = Self.bothWays(Array(word.utf8), face: face, script: HB_SCRIPT_LATIN)
            #expect(result.ours == result.harfBuzz && result.ourFlags == result.harfBuzzFlags, "\(word)")
            let kerned = result.harfBuzzFlags.contains(ShapedText.clusterStart | ShapedText.unsafeToBreak)
            #expect(kerned, "\(word) is kerned in \(face.styleName)")
        }
    }

    /// Every pair and many triples of composable characters, and thousands of longer random words,
    /// compose to exactly HarfBuzz's advances and flags, as Latin and as Common text.
    @Test(arguments: faces)
    func composedWordsEqualHarfBuzzShaping(face: FontFace) {
        let composable = Self.composable(face)
        let kerned = Array("AFLPTVWYacdefgjkmnoqrstuvwxy.,'\"-".utf8)
        var words = composable.flatMap { a in composable.map { b in [a, b] } }
        words += kerned.flatMap { a in kerned.flatMap { b in composable.map { c in [a, b, c] } } }
        var random = SeededRandom(seed: 21)
        words += (0..<3_000).map { _ in (0..<random.int(in: 4...24)).map { _ in random.pick(composable) } }
        words += (0..<3_000).map { _ in (0..<random.int(in: 3...12)).map { _ in random.pick(kerned) } }
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

    /// Summing a run's words with runs of composable words composed in one pass gives the same
    /// prefix sums, flags and magnitudes, bit for bit, as shaping each word alone and adding it,
    /// and stops at the same word whatever the target; words that must be shaped ("fi", "ff", a
    /// tab) fall back one by one wherever they are.
    @Test(arguments: faces)
    func composingWordsInOnePassEqualsAddingEachWord(face: FontFace) {
        let borrowed = BorrowedFace(face)
        let wordCache = WordShapeCache()
        let words = ["sunset", "To", "AVATAR.", "of", "fig", "off", "after", "1,204", "WAVY", "a\tb", "x",
                     String(repeating: "Ty", count: 40)]
        var random = SeededRandom(seed: 5)
        var mismatches = 0
        for _ in 0..<400 {
            var text = String(repeating: " ", count: random.int(in: 0...1))
            for _ in 0..<random.int(in: 1...12) {
                text += random.pick(words) + String(repeating: " ", count: random.int(in: 0...2))
            }
            let all = Array(text.utf8), n = all.count
            let script = random.bool() ? HB_SCRIPT_LATIN : HB_SCRIPT_COMMON
            let target = random.int(in: 0...n)
            let fontSize = Double(random.int(in: 18...40)) / 2
            let scale = fontSize / Double(borrowed.unitsPerEm)
            // Each word alone: as ``ShapedText/forEachWord(_:in:_:)`` splits, up to the target.
            var reference = (prefix: [Double](repeating: -1, count: n), flags: [UInt8](repeating: 9, count: n),
                             sum: 0.0, magnitude: 0.0, end: 0)
            all.withUnsafeBufferPointer { bytes in
                ShapedText.forEachWord(bytes, in: 0..<n) { word in
                    guard word.lowerBound <= target, word.lowerBound == reference.end else { return }
                    var advances = [Int32](repeating: 0, count: word.count)
                    var flags = [UInt8](repeating: 0, count: word.count)
                    ShapedText.shapeWord(bytes, word: word, face: borrowed, script: script, advances: &advances,
                                         flags: &flags)
                    reference.prefix.withUnsafeMutableBufferPointer { prefix in
                        reference.flags.withUnsafeMutableBufferPointer { allFlags in
                            ShapedText.addPrefixSums(of: word, advances: &advances, wordFlags: &flags, scale: scale,
                                                     sum: &reference.sum, magnitude: &reference.magnitude,
                                                     prefix: prefix, flags: allFlags)
                        }
                    }
                    reference.end = word.upperBound
                }
            }
            var ours = (prefix: [Double](repeating: -1, count: n), flags: [UInt8](repeating: 9, count: n),
                        sum: 0.0, magnitude: 0.0, end: 0)
            all.withUnsafeBufferPointer { bytes in
                ours.prefix.withUnsafeMutableBufferPointer { prefix in
                    ours.flags.withUnsafeMutableBufferPointer { flags in
                        WordScratch.with { scratch in
                            let threadCache = ThreadWordCache.current
                            defer { threadCache.flushHits(to: wordCache.borrowed) }
                            ours.end = ShapedText.sumWordAdvances(
                                bytes, from: 0, through: target, end: n, attributes: TextAttributes(fontSize: fontSize),
                                face: borrowed, script: script, wordCache: wordCache.borrowed,
                                threadCache: threadCache, scratch: scratch, sum: &ours.sum,
                                magnitude: &ours.magnitude, prefix: prefix, flags: flags)
                        }
                    }
                }
            }
            let end = ours.end
            if end != reference.end || ours.sum.bitPattern != reference.sum.bitPattern
                || ours.magnitude.bitPattern != reference.magnitude.bitPattern
                || ours.prefix[..<end].map(\.bitPattern) != reference.prefix[..<end].map(\.bitPattern)
                || ours.flags[..<end] != reference.flags[..<end] {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
    }

    @Test(arguments: faces)
    func wordsWithOtherCharactersAreShaped(face: FontFace) {
        for word in ["office ", "fi", "Zürich", "naïve", "1,204 "] {
            let result = Self.bothWays(Array(word.utf8), face: face, script: HB_SCRIPT_LATIN)
            #expect(result.ours == result.harfBuzz && result.ourFlags == result.harfBuzzFlags, "\(word)")
        }
        // Outside Latin and Common the tables are not consulted (their lookups were not checked).
        let greek = Self.bothWays(Array("To".utf8), face: face, script: HB_SCRIPT_GREEK)
        #expect(greek.ours == greek.harfBuzz)
    }

    /// The measurer's results do not depend on the shortcut: labels of kerned words and numbers
    /// measure as their HarfBuzz-shaped widths say.
    @Test func measuredLabelsMatchWholeShaping() {
        let measurer = TextMeasurer(fonts: TextMeasurer.shared.fonts)
        for label in ["1,204 likes", "View all 12 comments", "Tokyo, Japan", "AVAST! Wavy \"Tea\" 7.", "2025-06-15 12:00"] {
            let text = AttributedText(label, attributes: TextAttributes(fontSize: 14))
            let units = TextMeasurer.shared.fonts.regular.advanceUnits(of: label)
            let width = measurer.measure(text, maxWidth: .infinity).lines[0].width
            #expect(abs(width - Double(units) * 14 / 2048) < 1e-9, "\(label)")
        }
    }
}
