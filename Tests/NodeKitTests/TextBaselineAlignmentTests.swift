import Testing
import LayoutCore
import NodeKit
import TextLayout
import LayoutTestSupport
import NodeTestSupport

/// Baseline alignment of real text in horizontal stacks (semantics §3.1.7, §3.1.11), measured with
/// DejaVu Sans, whose hhea metrics are ascender 1901, descender −483, line gap 0, 2048 units/em.
///
/// At 28pt: ascender 1901/2048 × 28 = 25.990234375, descender −6.603515625, line height 32.59375,
/// ceiled at 2x to 33. At 14pt: ascender 12.9951171875, descender −3.3017578125, line height
/// 16.296875, ceiled at 2x to 16.5.
@Suite struct TextBaselineAlignmentTests {
    func text(_ id: LayoutElementID, _ string: String, size: Double) -> TextNode {
        TextNode(id: id, attributedText: AttributedText(string, attributes: TextAttributes(fontSize: size)))
    }

    @Test func baselineFirstAlignsFirstLines() {
        // Given a 28pt and a 14pt label in a horizontal stack aligned on first baselines
        let big = text("big", "Big", size: 28)
        let small = text("small", "small", size: 14)
        let stack = StackLayoutSpec(alignItems: .baselineFirst, children: [big, small])

        // When it is measured at 2x
        let layout = measureHost(stack, sizeRange(0, 0, 300, .infinity), context: .scale2)

        // Then the line is A + D = 25.990234375 + (33 − 25.990234375) = 33 tall, the big label
        // sits at the top and the small one at 25.990234375 − 12.9951171875 = 12.9951171875,
        // ceiled at 2x to 13.
        #expect(layout.size.height == 33)
        let frames = framesByID(layout)
        #expect(frames["big"]?.origin.y == 0)
        #expect(frames["big"]?.size.height == 33)
        #expect(frames["small"]?.origin.y == 13)
        #expect(frames["small"]?.size.height == 16.5)
        #expect(frames["small"]?.origin.x == frames["big"]?.size.width)
    }

    @Test func baselineLastAlignsLastLines() {
        let big = text("big", "Big", size: 28)
        let small = text("small", "small", size: 14)
        let stack = StackLayoutSpec(alignItems: .baselineLast, children: [big, small])

        let layout = measureHost(stack, sizeRange(0, 0, 300, .infinity), context: .scale2)

        // baselineOf = cross + descender: big 33 − 6.603515625 = 26.396484375, small
        // 16.5 − 3.3017578125 = 13.1982421875; the small label's offset 13.1982421875 ceils to 13.5.
        #expect(layout.size.height == 33)
        let frames = framesByID(layout)
        #expect(frames["big"]?.origin.y == 0)
        #expect(frames["small"]?.origin.y == 13.5)
    }

    @Test func nestedVerticalStackTakesPartThroughItsFirstChild() {
        // A vertical stack reports its first child's ascender (Texture copies it into its style).
        let big = text("big", "Big", size: 28)
        let first = text("first", "first", size: 14)
        let second = text("second", "second", size: 14)
        let column = StackLayoutSpec.vertical(children: [first, second])
        let stack = StackLayoutSpec(alignItems: .baselineFirst, children: [big, column])

        let layout = measureHost(stack, sizeRange(0, 0, 300, .infinity), context: .scale2)

        // The column (33 tall: two 16.5 lines) has baseline 12.9951171875 and is placed at 13
        // (ceiled); D = max(33 − 25.99…, 33 − 12.99…) = 20.0048828125, so the line is
        // 25.990234375 + 20.0048828125 = 45.9951171875, ceiled at 2x to 46.
        let frames = framesByID(layout)
        #expect(frames["first"]?.origin.y == 13)
        #expect(frames["second"]?.origin.y == 29.5)
        #expect(layout.size.height == 46)
    }
}
