import CHarfBuzz
import Testing
@testable import TextLayout

/// Texts with long runs of marks, long clusters and mixed scripts.
private let samples: [String] = [
    "a" + String(repeating: "\u{301}", count: 300),
    "i" + String(repeating: "\u{301}\u{323}", count: 100) + " tail",
    "\u{301}" + String(repeating: "\u{300}", count: 200) + "x",
    "Жж" + String(repeating: "\u{308}", count: 150) + " слово",
    "e\u{301}\r\n" + String(repeating: "o\u{308}", count: 400),
    String(repeating: "ab\u{301}c ", count: 60),
    String(repeating: "👩‍👩‍👧", count: 60) + String(repeating: "🇫🇷", count: 50),
    String(repeating: "x", count: 600) + "\u{301}" + String(repeating: "y", count: 600),
]

/// Words without a break opportunity, longer than many lines.
private let unbreakableWords = [
    String(repeating: "a", count: 3000),
    String(repeating: "e\u{301}", count: 700),
    String(repeating: "Wo", count: 500) + String(repeating: "\u{feff}ä", count: 300),
    "a" + String(repeating: "\u{301}", count: 2000) + String(repeating: "b", count: 400),
]

/// Texts that naive measurement handles in time quadratic in their length: a letter followed by
/// thousands of combining marks, a word with no break opportunity. The linear paths must give
/// exactly what the straightforward computations give, compared here on moderate sizes.
@Suite struct PathologicalTextTests {
    /// DejaVu alone: the reference shaping below shapes every item in DejaVu Sans, so the texts
    /// (emoji included) must not fall back to other fonts here.
    static let dejaVu: FontCollection = {
        do { return try FontCollection(fallbacks: []) } catch { fatalError("tests need fonts-dejavu-core: \(error)") }
    }()
    static let fonts = UnretainedFonts(dejaVu)

    // MARK: - Grapheme boundaries

    /// Every boundary after `start` up to `end` by iterating `Character`s of the whole stretch.
    static func referenceBoundaries(_ bytes: [UInt8], _ start: Int, _ end: Int) -> [Int] {
        var offsets: [Int] = []
        var offset = start
        for character in String(decoding: bytes[start..<end], as: UTF8.self) {
            offset += character.utf8.count
            offsets.append(offset)
        }
        return offsets
    }

    @Test(arguments: samples.indices)
    func graphemeBoundariesAreCharacterIterationsOnes(_ sample: Int) {
        let string = samples[sample]
        let text = AttributedText(string, attributes: TextAttributes(fontSize: 14))
        let shaped = ShapedText(text, fonts: Self.fonts, wordCache: nil)
        let bytes = Array(string.utf8)
        let starts = [0] + Self.referenceBoundaries(bytes, 0, bytes.count).filter { $0 < bytes.count }.prefix(5)
        for start in starts {
            let expected = Self.referenceBoundaries(bytes, start, bytes.count)
            var all: [Int] = []
            shaped.forEachGraphemeBoundary(start, bytes.count) { all.append($0); return true }
            #expect(all == expected, "\(string.prefix(8).debugDescription) from \(start)")
            // Stopping early reports a prefix of the same boundaries.
            for stop in [1, 3, expected.count / 2] where stop > 0 {
                var some: [Int] = []
                shaped.forEachGraphemeBoundary(start, bytes.count) { some.append($0); return some.count < stop }
                #expect(some == Array(expected.prefix(stop)))
            }
        }
    }

    // MARK: - Words wider than a line

    /// Greedy lines over grapheme clusters of a text without break opportunities (but at its
    /// end), each as many clusters as fit and at least one, measured with `width`.
    static func referenceLines(_ string: String, maxWidth: Double) -> [(range: Range<Int>, width: Double)] {
        let text = AttributedText(string, attributes: TextAttributes(fontSize: 14))
        let shaped = ShapedText(text, fonts: fonts, wordCache: nil)
        let bytes = Array(string.utf8)
        let boundaries = referenceBoundaries(bytes, 0, bytes.count)
        var lines: [(Range<Int>, Double)] = []
        var start = 0
        var next = 0
        while start < bytes.count {
            var end = boundaries[next]
            var width = shaped.width(start, end)
            next += 1
            while next < boundaries.count {
                let candidate = shaped.width(start, boundaries[next])
                guard candidate <= maxWidth + Typesetter.tolerance else { break }
                end = boundaries[next]
                width = candidate
                next += 1
            }
            lines.append((start..<end, width))
            start = end
        }
        return lines
    }

    @Test(arguments: unbreakableWords.indices)
    func unbreakableWordsBreakAsTheGreedyClusterWalk(_ word: Int) {
        let string = unbreakableWords[word]
        for maxWidth in [0.0, 41.5, 300] {
            let text = AttributedText(string, attributes: TextAttributes(fontSize: 14))
            let measurement = TextFixtures.measurer().measureUncached(text, maxWidth: maxWidth)
            let expected = Self.referenceLines(string, maxWidth: maxWidth)
            #expect(measurement.lines.count == expected.count)
            for (line, reference) in zip(measurement.lines, expected) {
                #expect(line.range == reference.range && line.width == reference.width,
                        "\(string.prefix(4).debugDescription) at \(maxWidth)")
            }
        }
    }

    // MARK: - Long runs of marks

    /// Per byte, the advance and flags of the text shaped item by item with every feature, as
    /// `ShapedText` shapes a text without a word cache.
    static func referenceShaping(_ string: String) -> (advances: [Double], flags: [UInt8]) {
        var string = string
        return string.withUTF8 { all in
            var advances = [Double](repeating: 0, count: all.count)
            var flags = [UInt8](repeating: 0, count: all.count)
            let face = fonts.face(for: .regular)
            let scale = 14 / Double(face.unitsPerEm)
            let base = UnsafeRawPointer(all.baseAddress!).assumingMemoryBound(to: CChar.self)
            ScriptItemizer.forEachSegment(all, in: 0..<all.count) { item, script in
                let buffer = hb_buffer_create()
                defer { hb_buffer_destroy(buffer) }
                hb_buffer_add_utf8(buffer, base, Int32(all.count), UInt32(item.lowerBound), Int32(item.count))
                hb_buffer_set_script(buffer, script)
                hb_buffer_guess_segment_properties(buffer)
                hb_shape(face.hbFont, buffer, nil, 0)
                var count: UInt32 = 0
                let infos = hb_buffer_get_glyph_infos(buffer, &count)!
                let positions = hb_buffer_get_glyph_positions(buffer, nil)!
                for g in 0..<Int(count) {
                    let cluster = Int(infos[g].cluster)
                    advances[cluster] += Double(positions[g].x_advance) * scale
                    let unsafe = infos[g].mask & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0
                    flags[cluster] |= ShapedText.clusterStart | (unsafe ? ShapedText.unsafeToBreak : 0)
                }
            }
            return (advances, flags)
        }
    }

    @Test(arguments: samples.indices)
    func longMarkRunsShapeAsWithEveryFeature(_ sample: Int) {
        let string = samples[sample]
        let text = AttributedText(string, attributes: TextAttributes(fontSize: 14))
        let shaped = ShapedText(text, fonts: Self.fonts, wordCache: nil)
        let (advances, flags) = Self.referenceShaping(string)
        var sum = 0.0
        for i in 0..<advances.count {
            #expect(shaped.prefix[i] == sum && shaped.flags[i] == flags[i], "\(string.prefix(4).debugDescription) at \(i)")
            sum += advances[i]
        }
        #expect(shaped.prefix[advances.count] == sum)
    }

    @Test func aLetterWithManyMarksSkipsAttachment() {
        let string = "a" + String(repeating: "\u{301}", count: 1000)
        let bytes = Array(string.utf8)
        bytes.withUnsafeBufferPointer { all in
            let item = 0..<all.count
            #expect(LongMarkRuns.applies(all, item: item, script: HB_SCRIPT_LATIN))
            let buffer = hb_buffer_create()
            defer { hb_buffer_destroy(buffer) }
            let base = UnsafeRawPointer(all.baseAddress!).assumingMemoryBound(to: CChar.self)
            hb_buffer_add_utf8(buffer, base, Int32(all.count), 0, Int32(all.count))
            hb_buffer_set_script(buffer, HB_SCRIPT_LATIN)
            hb_buffer_guess_segment_properties(buffer)
            #expect(LongMarkRuns.shapeWithoutAttachment(buffer, face: Self.fonts.face(for: .regular)))
        }
        let few = Array(("a" + String(repeating: "\u{301}", count: LongMarkRuns.threshold)).utf8)
        few.withUnsafeBufferPointer { all in
            #expect(!LongMarkRuns.applies(all, item: 0..<all.count, script: HB_SCRIPT_LATIN))
        }
    }
}
