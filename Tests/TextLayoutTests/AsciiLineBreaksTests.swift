import LayoutTestSupport
import Testing
@testable import TextLayout

/// ``AsciiLineBreaks`` gives exactly libunibreak's statuses on ASCII text.
@Suite struct AsciiLineBreaksTests {
    /// One or more characters of every ASCII line-break class (LineBreak-6.2.0.txt), so that
    /// every pair and triple of classes occurs among the strings built from them.
    static let alphabet: [UInt8] = Array("a(})\"!/,.:;$\\+%0-|\t \n\r\u{0B}\u{0C}\u{00}\u{01}\u{1F}\u{7F}'[]{?#".utf8)

    static func ours(_ bytes: [UInt8]) -> [Int8] {
        bytes.withUnsafeBufferPointer { input in
            [Int8](unsafeUninitializedCapacity: input.count) { buffer, count in
                AsciiLineBreaks.compute(input, into: buffer)
                count = input.count
            }
        }
    }

    static func libunibreak(_ bytes: [UInt8]) -> [Int8] {
        bytes.withUnsafeBufferPointer { LineBreakOpportunities.computeWithLibunibreak($0) }
    }

    /// The strings (as printable escapes) on which the two disagree, at most `limit` of them.
    static func mismatches(_ strings: some Sequence<[UInt8]>, limit: Int = 10) -> [String] {
        var found: [String] = []
        for bytes in strings where ours(bytes) != libunibreak(bytes) {
            found.append(bytes.map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "<\($0)>" }.joined()
                + " ours \(ours(bytes)) libunibreak \(libunibreak(bytes))")
            if found.count == limit { break }
        }
        return found
    }

    @Test func classesCoverTheAlphabet() {
        let classes = Set(Self.alphabet.map { AsciiLineBreaks.classes[Int($0)] })
        let all = Set([AsciiLineBreaks.Class.op, .cl, .cp, .qu, .ex, .sy, .is, .pr, .po, .nu, .al, .hy, .ba, .cm,
                       .sp, .bk, .cr, .lf].map(\.rawValue))
        #expect(classes == all)
    }

    @Test func everySingleCharacterMatchesLibunibreak() {
        #expect(Self.mismatches((0..<128).map { [UInt8($0)] }).isEmpty)
    }

    @Test func everyPairOfASCIICharactersMatchesLibunibreak() {
        let pairs = (0..<128).lazy.flatMap { a in (0..<128).lazy.map { b in [UInt8(a), UInt8(b)] } }
        #expect(Self.mismatches(pairs).isEmpty)
    }

    @Test func everyTripleAndQuadrupleOverTheAlphabetMatchesLibunibreak() {
        let letters = Self.alphabet
        let triples = letters.lazy.flatMap { a in letters.lazy.flatMap { b in letters.lazy.map { c in [a, b, c] } } }
        #expect(Self.mismatches(triples).isEmpty)
        // Quadruples over one character per class (spaces between pairs, marks after spaces…).
        let classes = Array("a(})\"!/,$%0-|\u{01} \n\r\u{0B}".utf8)
        let quadruples = classes.lazy.flatMap { a in
            classes.lazy.flatMap { b in classes.lazy.flatMap { c in classes.lazy.map { d in [a, b, c, d] } } }
        }
        #expect(Self.mismatches(quadruples).isEmpty)
    }

    /// Every string of five characters, one per class (1.9 million strings): every state the
    /// algorithm can be in, entered after every possible history of up to four characters.
    @Test(.tags(.slow), .notInQuickRuns) func everyQuintupleOfClassesMatchesLibunibreak() {
        let classes = Array("a(})\"!/,$%0-|\u{01} \n\r\u{0B}".utf8)
        var bytes = [UInt8](repeating: 0, count: 5)
        var ours = [Int8](repeating: 0, count: 5)
        var mismatches = 0
        for code in 0..<(classes.count * classes.count * classes.count * classes.count * classes.count) {
            var rest = code
            for k in 0..<5 {
                bytes[k] = classes[rest % classes.count]
                rest /= classes.count
            }
            bytes.withUnsafeBufferPointer { input in
                ours.withUnsafeMutableBufferPointer { AsciiLineBreaks.compute(input, into: $0) }
            }
            if ours != Self.libunibreak(bytes) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test func seededRandomASCIIMatchesLibunibreak() {
        var random = SeededRandom(seed: 14)
        let fragments = ["https://example.com/a-b_c?x=1&y=(2)", "$1,234.56", "-12.5%", "(3)", "[x]", "{y}",
                         "\"quoted\"",
                         "'single'", "e.g.", "a/b", "--", " - ", "\r\n", "\n", "\r", "\t", "\u{0}", "\u{7F}", "  ",
                         "word", "1:30", "+44", "\\", "|", "!?", "...", "10%)", "($5)", "x-1", "#tag", "@user"]
        var strings: [[UInt8]] = []
        for _ in 0..<40_000 {
            var bytes: [UInt8] = []
            let length = random.int(in: 1...24)
            while bytes.count < length {
                if random.bool(0.3) {
                    bytes += Array(random.pick(fragments).utf8)
                } else if random.bool(0.7) {
                    bytes.append(random.pick(Self.alphabet))
                } else {
                    bytes.append(UInt8(random.int(in: 0...127)))
                }
            }
            strings.append(bytes)
        }
        #expect(Self.mismatches(strings).isEmpty)
    }

    /// A pass taken in steps (as ``ComposedLines`` reads a caption's lines) writes exactly the
    /// statuses of one whole pass, and nothing beyond the step asked for.
    @Test func aPassInStepsEqualsOneWholePass() {
        var random = SeededRandom(seed: 21)
        for _ in 0..<2_000 {
            var bytes: [UInt8] = []
            for _ in 0..<random.int(in: 1...200) {
                bytes.append(random.bool(0.8) ? random.pick(Self.alphabet) : UInt8(random.int(in: 0...127)))
            }
            bytes.withUnsafeBufferPointer { all in
                var whole = [Int8](repeating: 9, count: all.count)
                whole.withUnsafeMutableBufferPointer { AsciiLineBreaks.compute(all, into: $0) }
                var stepped = [Int8](repeating: 9, count: all.count)
                stepped.withUnsafeMutableBufferPointer { out in
                    var pass = AsciiLineBreaks.Pass(all)
                    while pass.computed < all.count {
                        let end = min(all.count, pass.computed + random.int(in: 0...70))
                        pass.compute(all, into: out, through: end)
                        #expect(pass.computed == end)
                        #expect(out[end...].allSatisfy { $0 == 9 })
                    }
                }
                #expect(stepped == whole, "\(bytes)")
            }
        }
    }

    @Test func computeMatchesLibunibreakOnNonASCIIText() {
        let bytes = Array("naïve “quote” 漢字 text".utf8)
        let statuses = bytes.withUnsafeBufferPointer { LineBreakOpportunities.compute($0) }
        #expect(statuses == Self.libunibreak(bytes))
        #expect(statuses.contains(3))  // LINEBREAK_INSIDEACHAR inside multi-byte characters
    }

    @Test func isASCIIChecksEveryByte() {
        for length in 1...20 {
            for position in 0..<length {
                var bytes = [UInt8](repeating: 0x61, count: length)
                #expect(bytes.withUnsafeBufferPointer { AsciiLineBreaks.isASCII($0) })
                bytes[position] = 0xC3
                #expect(!bytes.withUnsafeBufferPointer { AsciiLineBreaks.isASCII($0) })
            }
        }
    }
}
