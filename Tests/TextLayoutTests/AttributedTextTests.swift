import Testing
import TextLayout

/// Attributed runs: construction, mixed sizes and weights.
@Suite struct AttributedTextTests {
    let measurer = TextFixtures.measurer()

    @Test func appendMergesEqualNeighboursAndSkipsEmptyPieces() {
        var text = AttributedText("ab", attributes: TextAttributes(fontSize: 12))
        text.append("", attributes: TextAttributes(fontSize: 30))
        text.append("cé", attributes: TextAttributes(fontSize: 12))
        text.append("d", attributes: TextAttributes(fontSize: 12, fontWeight: .bold))
        #expect(text.string == "abcéd")
        #expect(text.runs == [TextRun(range: 0..<5, attributes: TextAttributes(fontSize: 12)),
                              TextRun(range: 5..<6, attributes: TextAttributes(fontSize: 12, fontWeight: .bold))])
        #expect(text == AttributedText("abcé", attributes: TextAttributes(fontSize: 12))
            .appending("d", TextAttributes(fontSize: 12, fontWeight: .bold)))
        #expect(text.attributes(at: 5)?.fontWeight == .bold)
        #expect(text.attributes(at: 99)?.fontWeight == .bold)
    }

    /// A text made in one piece is the text appended to an empty one: same string, runs, equality
    /// and hash (the measurement cache keys on them).
    @Test func oneRunInitEqualsAppendingToAnEmptyText() {
        for string in ["", "label", "Zürich, Switzerland", "two\nlines", "😀 🦄"] {
            let attributes = TextAttributes(fontSize: 13, fontWeight: .bold)
            var appended = AttributedText()
            appended.append(string, attributes: attributes)
            let direct = AttributedText(string, attributes: attributes)
            #expect(direct == appended && direct.hashValue == appended.hashValue)
            #expect(direct.string == appended.string && direct.runs == appended.runs)
        }
    }

    @Test func equalityIsByBytesNotCanonicalEquivalence() {
        #expect(AttributedText("é") != AttributedText("e\u{301}"))
        // The same bytes, built apart, are equal.
        #expect(AttributedText(String(decoding: [0xC3, 0xA9], as: UTF8.self)) == AttributedText("\u{E9}"))
    }

    @Test func mixedWeightsSumTheirRunsWidths() {
        // uharfbuzz: "Hello, world!" is 12953 units regular and 14816 bold.
        var text = AttributedText("Hello, world!", attributes: TextAttributes(fontWeight: .bold))
        text.append("Hello, world!", attributes: TextAttributes())
        let result = measurer.measureUncached(text, maxWidth: .infinity)
        #expect(close(result.width, TextFixtures.points(14816 + 12953)))
    }

    @Test func aLinesHeightUsesItsLargestRun() {
        var text = AttributedText("small ", attributes: TextAttributes(fontSize: 10))
        text.append("BIG", attributes: TextAttributes(fontSize: 30, fontWeight: .bold))
        text.append(" small small", attributes: TextAttributes(fontSize: 10))
        let firstWidth = measurer.width(of: text.prefixText(utf8: 9))
        let result = measurer.measureUncached(text, maxWidth: firstWidth + 1)
        #expect(TextFixtures.lineTexts(text, result) == ["small BIG", "small small"])
        #expect(result.lines[0].metrics == LineMetrics(ascender: 1901 * 30 / 2048.0, descender: -483 * 30 / 2048.0,
                                                       lineGap: 0))
        #expect(result.lines[1].metrics == LineMetrics(ascender: 1901 * 10 / 2048.0, descender: -483 * 10 / 2048.0,
                                                       lineGap: 0))
        #expect(result.height == 2384 * 40 / 2048.0)
        let firstHeight: Double = 2384 * 30 / 2048.0
        let secondAscender: Double = 1901 * 10 / 2048.0
        #expect(result.lines[1].baseline == firstHeight + secondAscender)
        #expect(result.firstLineAscender == 1901 * 30 / 2048.0)
        #expect(result.lastLineDescender == -483 * 10 / 2048.0)
    }
}

extension AttributedText {
    func appending(_ piece: String, _ attributes: TextAttributes) -> AttributedText {
        var copy = self
        copy.append(piece, attributes: attributes)
        return copy
    }

    /// The first `count` UTF-8 bytes with their attributes.
    func prefixText(utf8 count: Int) -> AttributedText {
        var result = AttributedText()
        for run in runs where run.range.lowerBound < count {
            result.append(substring(utf8: run.range.clamped(to: 0..<count)), attributes: run.attributes)
        }
        return result
    }
}
