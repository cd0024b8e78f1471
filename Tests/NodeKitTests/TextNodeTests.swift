import LayoutCore
import NodeKit
import Synchronization
import Testing
import LayoutTestSupport
import TextLayout

/// A text engine that sets every character 10 points wide in lines 20 high (ascender 15,
/// descender −5), breaking anywhere, and records what it was asked.
final class FakeTextMeasurer: TextMeasuring {
    let requests = Mutex<[(maxWidth: Double, scale: Double)]>([])

    func measure(_ text: AttributedText, options: TextLayoutOptions, maxWidth: Double, scale: Double)
        -> TextMeasurement {
        requests.withLock { $0.append((maxWidth, scale)) }
        let count = text.string.count
        let perLine = max(1, maxWidth.isFinite ? Int(maxWidth / 10) : count)
        var lines: [TextLine] = []
        var start = 0
        while start < count {
            let length = min(perLine, count - start)
            let top = Double(lines.count) * 20
            lines.append(TextLine(range: start..<(start + length), visibleRange: start..<(start + length),
                                  width: Double(length) * 10 + 0.3, top: top, baseline: top + 15,
                                  metrics: LineMetrics(ascender: 15, descender: -5, lineGap: 0)))
            start += length
        }
        return TextMeasurement(lines: lines)
    }

    func lineMetrics(for attributes: TextAttributes) -> LineMetrics {
        LineMetrics(ascender: attributes.fontSize, descender: -attributes.fontSize / 4, lineGap: 0)
    }
}

@Suite struct TextNodeTests {
    @Test func measuresWithTheConstrainedWidthAndScaleAndCeilsToPixels() {
        // Given a fake engine: "abcdef" at max width 45 is 4 + 2 characters → 40.3 × 40.
        let fake = FakeTextMeasurer()
        let node = TextNode(id: "T", attributedText: AttributedText("abcdef"), measurer: fake)
        // When
        let layout = node.layoutThatFits(sizeRange(0, 0, 45, 100), context: .scale2)
        // Then the width ceils to the 2x grid, the request carried the range and the scale.
        #expect(layout.size == Size(40.5, 40))
        #expect(fake.requests.withLock { $0.map(\.maxWidth) } == [45])
        #expect(fake.requests.withLock { $0.map(\.scale) } == [2])
        #expect(node.lines.count == 2)
        #expect(node.style.ascender == 15)
        #expect(node.style.descender == -5)
    }

    @Test func sizeIsClampedIntoTheRange() {
        let node = TextNode(id: "T", attributedText: AttributedText("ab"), measurer: FakeTextMeasurer())
        let layout = node.layoutThatFits(sizeRange(100, 30, 200, 100), context: .scale2)
        #expect(layout.size == Size(100, 30))
        #expect(node.calculatedSize == Size(100, 30))
    }

    @Test func aNewMinimumWidthOnlyClampsTheRememberedMeasurement() {
        // Given a label measured at [0, 45], as a stack measures it before stretching it.
        let fake = FakeTextMeasurer()
        let node = TextNode(id: "T", attributedText: AttributedText("abcdef"), measurer: fake)
        #expect(node.layoutThatFits(sizeRange(0, 0, 45, 100), context: .scale2).size == Size(40.5, 40))
        // When a stack stretches it to exactly 45, and another range sets a floor of 44 × 50.
        let stretched = node.layoutThatFits(sizeRange(45, 0, 45, 100), context: .scale2)
        let pinned = node.layoutThatFits(sizeRange(44, 50, 45, 100), context: .scale2)
        // Then the lines are those already measured: the engine was asked once.
        #expect(stretched.size == Size(45, 40))
        #expect(pinned.size == Size(44, 50))
        #expect(fake.requests.withLock { $0.map(\.maxWidth) } == [45])
    }

    @Test func settingTextTakesBaselinesFromTheFontsAndInvalidates() {
        let fake = FakeTextMeasurer()
        var text = AttributedText("big", attributes: TextAttributes(fontSize: 20))
        text.append("small", attributes: TextAttributes(fontSize: 8))
        let node = TextNode(id: "T", attributedText: text, measurer: fake)
        #expect(node.style.ascender == 20)
        #expect(node.style.descender == -2)
        let version = node.layoutVersion
        node.attributedText = text
        #expect(node.layoutVersion == version)  // same text: nothing to redo
        node.attributedText = AttributedText("other", attributes: TextAttributes(fontSize: 12))
        #expect(node.layoutVersion == version + 1)
        #expect(node.style.ascender == 12)
        node.maximumNumberOfLines = 2
        node.truncationString = "…"
        #expect(node.layoutVersion == version + 2)
    }

    @Test func dejaVuTextIsPixelCeiledAtTheLayoutScale() {
        // uharfbuzz: "Hello, world!" is 12953 units of 2048 → 88.5458984375 points at 14pt;
        // one line is 2384 units → 16.296875 points.
        let measurer = TextMeasurer(fonts: NodeTextFonts.fonts)
        let node = TextNode(id: "T", attributedText: AttributedText("Hello, world!"), measurer: measurer)
        #expect(node.layoutThatFits(sizeRange(0, 0, 300, 300), context: .scale2).size == Size(89, 16.5))
        #expect(node.layoutThatFits(sizeRange(0, 0, 300, 300), context: .scale3).size == Size(266 / 3.0, 49 / 3.0))
        #expect(node.layoutThatFits(sizeRange(0, 0, 300, 300), context: .scale1).size == Size(89, 17))
        #expect(node.style.ascender == 1901 * 14 / 2048.0)
        #expect(node.style.descender == -483 * 14 / 2048.0)
    }

    @Test func baselinesComeFromTheFirstAndLastMeasuredLines() {
        // A bold 20pt first line over 10pt lines: the first line's ascender is the 20pt one, the
        // last visible line's descender the 10pt one.
        let measurer = TextMeasurer(fonts: NodeTextFonts.fonts)
        var text = AttributedText("Title\n", attributes: TextAttributes(fontSize: 20, fontWeight: .bold))
        text.append("body text that wraps onto several lines", attributes: TextAttributes(fontSize: 10))
        let node = TextNode(id: "T", attributedText: text, maximumNumberOfLines: 3, measurer: measurer)
        let layout = node.layoutThatFits(sizeRange(0, 0, 80, 500), context: .scale2)
        #expect(node.lines.count == 3)
        #expect(node.lines[2].isTruncated)
        #expect(node.style.ascender == 1901 * 20 / 2048.0)
        #expect(node.style.descender == -483 * 10 / 2048.0)
        let height: Double = (2384 * 20 + 2 * 2384 * 10) / 2048.0
        #expect(layout.size.height == PixelSnapping.ceil(height, scale: 2))
        #expect(layout.size.height == 47)  // 46.5625 ceiled to the 2x grid
    }

    @Test func remembersItsLatestMeasurementsByWidthAndScaleUntilTheTextOrOptionsChange() {
        let fake = FakeTextMeasurer()
        let node = TextNode(id: "T", attributedText: AttributedText("abcdef"), measurer: fake)
        func measure(_ width: Double, scale: Double = 2) -> Size {
            node.calculateSizeThatFits(sizeRange(0, 0, width, 500), context: LayoutContext(scale: scale))
        }
        func asked() -> [Double] { fake.requests.withLock { $0.map(\.maxWidth) } }
        // Widths 45 and 25 alternate, as a cell laid out at two widths: the engine is asked once each.
        #expect(measure(45) == Size(40.5, 40))
        #expect(measure(25) == Size(20.5, 60))
        #expect(measure(45) == Size(40.5, 40))
        #expect(measure(25) == Size(20.5, 60))
        #expect(asked() == [45, 25])
        #expect(node.lines.count == 3, "the measurement shown is the latest one, remembered or not")
        // Another scale is another measurement.
        _ = measure(45, scale: 3)
        #expect(asked() == [45, 25, 45])
        // Four are kept: a fifth pushes out the least recently used (45 at scale 2, last used
        // before 25 at scale 2).
        _ = measure(35)
        _ = measure(15)
        _ = measure(25)
        _ = measure(45)
        #expect(asked() == [45, 25, 45, 35, 15, 45])
        // A new text or new options forget everything.
        node.attributedText = AttributedText("abc")
        #expect(measure(25) == Size(20.5, 40))
        node.maximumNumberOfLines = 1
        _ = measure(25)
        #expect(asked() == [45, 25, 45, 35, 15, 45, 25, 25])
        // The same text set again keeps them.
        node.attributedText = AttributedText("abc")
        _ = measure(25)
        #expect(asked().count == 8)
    }

    @Test func secondLayoutOfAnotherNodeWithTheSameTextHitsTheCache() {
        let measurer = TextMeasurer(fonts: NodeTextFonts.fonts)
        for id in ["A", "B"] {
            let node = TextNode(id: LayoutElementID(id), attributedText: AttributedText("same"), measurer: measurer)
            _ = node.layoutThatFits(sizeRange(0, 0, 100, 100), context: .scale2)
        }
        #expect(measurer.cache.statistics.hits == 1)
        #expect(measurer.cache.statistics.misses == 1)
    }

    /// A stretching column measures its labels unconstrained, then again at its own width; a
    /// label whose lines fit that width keeps its measurement instead of asking the engine.
    @Test func aLabelStretchedToAWiderSiblingIsNotMeasuredAgain() {
        let measurer = TextMeasurer(fonts: NodeTextFonts.fonts)
        let wide = TextNode(id: "wide", attributedText: AttributedText("user1234_sunset"), measurer: measurer)
        let narrow = TextNode(id: "narrow", attributedText: AttributedText("Cape Town"), measurer: measurer)
        let column = StackLayoutSpec(direction: .vertical, alignItems: .stretch, children: [wide, narrow])
        let layout = column.layoutThatFits(sizeRange(0, 0, .infinity, .infinity), parentSize: Size(.nan, .nan),
                                           context: .scale2)
        let stretched = layout.sublayouts[0].size.width
        #expect(layout.sublayouts[1].size.width == stretched)
        #expect(measurer.measureUncached(AttributedText("Cape Town"), maxWidth: .infinity).width < stretched - 20)
        #expect(measurer.cache.statistics == TextLayoutCacheStatistics(hits: 0, misses: 2, count: 2))
        // Exactly what measuring at the stretched width gives.
        #expect(narrow.measurement == measurer.measureUncached(AttributedText("Cape Town"), maxWidth: stretched))
        // Both widths stay answered by the node: unconstrained (the measurement made) and stretched.
        for width in [Double.infinity, stretched, Double.infinity] {
            _ = narrow.layoutThatFits(sizeRange(0, 0, width, .infinity), context: .scale2)
        }
        #expect(measurer.cache.statistics == TextLayoutCacheStatistics(hits: 0, misses: 2, count: 2))
        // Narrower than its lines: measured.
        _ = narrow.layoutThatFits(sizeRange(0, 0, 30, .infinity), context: .scale2)
        #expect(measurer.cache.statistics.misses == 3)
    }
}

enum NodeTextFonts {
    static let fonts: FontCollection = {
        do { return try FontCollection() } catch { fatalError("tests need fonts-dejavu-core: \(error)") }
    }()
}
