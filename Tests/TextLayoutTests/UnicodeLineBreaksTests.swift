import Foundation
import LayoutTestSupport
import Testing
@testable import TextLayout

/// ``UnicodeLineBreaks`` gives exactly libunibreak's statuses on text beyond ASCII, and refuses
/// text with a class it does not implement.
@Suite struct UnicodeLineBreaksTests {
    /// Characters of every supported class, non-ASCII ones included: AL (é, α, о, and § AI, ก SA,
    /// U+0378 XX, which libunibreak resolves to AL), ID (漢, い, 🙌, and ぁ ー CJ, resolved to ID), NS
    /// (ゝ), CL (。、」，), OP (「 ¡), EX (！), QU (« ’), PO (‰), PR (€), CM (U+0301, U+FE0F), BA
    /// (U+2010), IN (…), B2 (—), GL (U+00A0), the Hangul classes (가 H2, 각 H3, and the jamo
    /// U+1100 JL, U+1161 JV, U+11A8 JT), and one ASCII character per ASCII class.
    static let alphabet: [String] = [
        "é", "α", "о", "§", "ก", "\u{0378}", "漢", "い", "🙌", "ゝ", "ぁ", "ー", "。", "、", "」", "，", "「", "¡", "！",
        "«", "’", "‰", "€", "\u{0301}", "\u{FE0F}", "\u{2010}", "…", "—", "\u{00A0}", "가", "각", "\u{1100}",
        "\u{1161}", "\u{11A8}",
        "a", "(", "}", ")", "\"", "!", "/", ",", "$", "%", "0", "-", "|", "\u{01}", " ", "\n", "\r", "\u{0B}",
    ]

    static func ours(_ text: String) -> [Int8]? {
        let bytes = Array(text.utf8)
        var statuses = [Int8](repeating: 0, count: bytes.count)
        let computed = bytes.withUnsafeBufferPointer { input in
            statuses.withUnsafeMutableBufferPointer { UnicodeLineBreaks.compute(input, into: $0) }
        }
        return computed ? statuses : nil
    }

    static func libunibreak(_ text: String) -> [Int8] {
        Array(text.utf8).withUnsafeBufferPointer { LineBreakOpportunities.computeWithLibunibreak($0) }
    }

    /// The texts (escaped) on which the two disagree or ours refuses, at most `limit` of them.
    static func mismatches(_ texts: some Sequence<String>, limit: Int = 10) -> [String] {
        var found: [String] = []
        for text in texts where ours(text) != libunibreak(text) {
            found.append("\(text.debugDescription) ours \(ours(text).map(\.description) ?? "refused") "
                + "libunibreak \(libunibreak(text))")
            if found.count == limit { break }
        }
        return found
    }

    @Test func alphabetCoversEverySupportedClass() {
        let classes = Set(Self.alphabet.map { UnicodeLineBreaks.classes[Int($0.unicodeScalars.first!.value)] })
        // Not WJ (a state, never a character's class) nor RI (libunibreak cannot be the reference for
        // flags: flagsFollowTheAnnex checks them).
        let excluded = [AsciiLineBreaks.Class.wj, .ri].map(\.rawValue)
        let supported = (0...AsciiLineBreaks.Class.lf.rawValue).filter { !excluded.contains($0) }
        #expect(classes == Set(supported))
    }

    @Test func everyPairAndTripleMatchesLibunibreak() {
        let letters = Self.alphabet
        let pairs = letters.lazy.flatMap { a in letters.lazy.map { b in a + b } }
        #expect(Self.mismatches(letters + pairs).isEmpty)
        let triples = letters.lazy.flatMap { a in letters.lazy.flatMap { b in letters.lazy.map { c in a + b + c } } }
        #expect(Self.mismatches(triples).isEmpty)
    }

    /// Every string of four characters, one per class (AI, SA and XX stand in for AL; CJ for
    /// ID): every state the algorithm can be in, entered after every history of up to three
    /// characters, spaces and line breaks included.
    @Test func everyQuadrupleOfClassesMatchesLibunibreak() {
        let classes = ["é", "漢", "ゝ", "。", "「", "！", "«", "‰", "€", "\u{0301}", "\u{2010}", "…", "—", "\u{00A0}", "가",
                       "각", "\u{1100}", "\u{1161}", "\u{11A8}", ")", "/", ",", "0", "-", " ", "\n", "\r"]
        var mismatches = 0
        for a in classes {
            for b in classes {
                for c in classes {
                    for d in classes where Self.ours(a + b + c + d) != Self.libunibreak(a + b + c + d) {
                        mismatches += 1
                    }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test func seededRandomMultilingualTextMatchesLibunibreak() {
        var random = SeededRandom(seed: 15)
        let fragments = ["Zürich, Switzerland", "Αθήνα", "Москва — ночь", "東京タワー。", "すごい！🔥🔥", "«bien»",
                         "l’été", "(ヽ°ー°)", "100‰", "€5", "e\u{0301}", "🙌\u{FE0F}", "ニューヨーク、", "  ", "\n",
                         "서울의 밤…", "10\u{00A0}km", "a\u{200B}b"]
        var texts: [String] = []
        for _ in 0..<20_000 {
            var text = ""
            for _ in 0..<random.int(in: 1...6) {
                text += random.bool(0.5) ? random.pick(fragments) : random.pick(Self.alphabet)
            }
            texts.append(text)
        }
        // U+200B (ZW) refuses: those texts must come out of LineBreakOpportunities as libunibreak's.
        #expect(Self.mismatches(texts.filter { !$0.contains("\u{200B}") }).isEmpty)
        let refused = texts.filter { $0.contains("\u{200B}") }
        #expect(!refused.isEmpty && refused.allSatisfy { Self.ours($0) == nil })
        for text in texts.prefix(2_000) {
            let statuses = Array(text.utf8).withUnsafeBufferPointer { LineBreakOpportunities.compute($0) }
            #expect(statuses == Self.libunibreak(text))
        }
    }

    /// Every text of the curated seed data (names, titles, descriptions, comments, places) comes
    /// out of ``LineBreakOpportunities/compute(_:)`` exactly as out of libunibreak.
    @Test func curatedSeedTextsMatchLibunibreak() throws {
        let seedData = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("seed-data")
        var texts: [String] = []
        for file in ["photos.jsonl", "comments.jsonl", "users.jsonl"] {
            let lines = try String(contentsOf: seedData.appendingPathComponent(file), encoding: .utf8).split(separator: "\n")
            for line in lines {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
                texts += object.values.compactMap { $0 as? String }
            }
        }
        let beyondASCII = texts.filter { !$0.utf8.allSatisfy { $0 < 0x80 } }
        #expect(beyondASCII.count > 1_000)
        #expect(beyondASCII.count { Self.ours($0) != nil } > beyondASCII.count / 2, "most take the fast path")
        let wrong = beyondASCII.filter {
            Array($0.utf8).withUnsafeBufferPointer { LineBreakOpportunities.compute($0) } != Self.libunibreak($0)
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
    }

    /// Flags: libunibreak 1.1 cannot take regional indicators (it fails an assertion), so they are
    /// checked against the annex: no break inside a flag or between flags (LB30a `RI × RI`), a
    /// break after a space (LB18) and next to other classes (LB31), the tables' own rules otherwise.
    @Test func flagsFollowTheAnnex() {
        let allow = Int8(1), never = Int8(2), must = Int8(0), inside = Int8(3)
        let flag = [inside, inside, inside]
        #expect(Self.ours("🇫🇷") == [inside, inside, inside, never, inside, inside, inside, must])
        #expect(Self.ours("🇫🇷🇩🇪") == flag + [never] + flag + [never] + flag + [never] + flag + [must])
        #expect(Self.ours("🇫🇷 🇩🇪") == flag + [never] + flag + [never, allow] + flag + [never] + flag + [must])
        #expect(Self.ours("a🇫🇷!") == [allow] + flag + [never] + flag + [never, must])
        #expect(Self.ours("(🇫🇷)") == [never] + flag + [never] + flag + [never, must])
        // With a zero-width space (left to libunibreak): the flag is taken as an ideograph, still
        // never split; a break follows the zero-width space (LB8).
        let spaced = "🇫🇷\u{200B}🇩🇪🇮🇹"
        let statuses = Array(spaced.utf8).withUnsafeBufferPointer { LineBreakOpportunities.compute($0) }
        #expect(Self.ours(spaced) == nil)
        #expect(statuses == flag + [never] + flag + [never, inside, inside, allow] + flag + [never] + flag + [never]
            + flag + [never] + flag + [must])
        // Before, any flag reaching libunibreak aborted the process; a measured caption with flags
        // now wraps between them.
        let caption = AttributedText("Trip 🇫🇷🇮🇹 🇩🇪 again", attributes: TextAttributes(fontSize: 14))
        #expect(TextMeasurer.shared.measure(caption, maxWidth: 60).lines.count > 1)
    }

    @Test(arguments: ["a\u{200B}b", "a\u{2060}b", "a\u{00B4}b", "\u{20000}", "שלום"])
    func unsupportedClassesAreRefused(text: String) {
        #expect(Self.ours(text) == nil)
        let statuses = Array(text.utf8).withUnsafeBufferPointer { LineBreakOpportunities.compute($0) }
        #expect(statuses == Self.libunibreak(text))
    }
}
