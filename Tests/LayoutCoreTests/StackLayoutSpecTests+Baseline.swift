import Testing
import LayoutCore
import LayoutTestSupport
import NodeTestSupport

/// baselineFirst / baselineLast (semantics §3.1.7, §3.1.11, §2.1): style ascenders and
/// descenders, and vertical stacks reporting their first child's ascender and last child's
/// descender.
@Suite struct StackLayoutSpecBaselineTests {
    /// a 30×20 (ascender 12, descender −5), b 30×40 (25, −10), c 30×10 (6, −2).
    /// First baselines 12, 25, 6; last baselines 20−5 = 15, 40−10 = 30, 10−2 = 8.
    func texts() -> [any LayoutElement] {
        [leaf("a", 30, 20) { $0.ascender = 12; $0.descender = -5 },
         leaf("b", 30, 40) { $0.ascender = 25; $0.descender = -10 },
         leaf("c", 30, 10) { $0.ascender = 6; $0.descender = -2 }]
    }

    func row(_ alignItems: StackAlignItems, _ children: [any LayoutElement]) -> StackLayoutSpec {
        StackLayoutSpec(direction: .horizontal, alignItems: alignItems, children: children)
    }

    @Test func baselineFirstAlignsAscenders() {
        // A = 25, D = max(8, 15, 4) = 15 → line 40; offsets 25 − 12, 0, 25 − 6.
        let layout = measure(row(.baselineFirst, texts()), .unconstrained)
        #expect(frames(layout) == [Rect(0, 13, 30, 20), Rect(30, 0, 30, 40), Rect(60, 19, 30, 10)])
        #expect(layout.size == Size(90, 40))
    }

    @Test func baselineLastAlignsDescenders() {
        // A = 30, D = max(5, 10, 2) = 10 → line 40; offsets 30 − 15, 0, 30 − 8.
        let layout = measure(row(.baselineLast, texts()), .unconstrained)
        #expect(frames(layout) == [Rect(0, 15, 30, 20), Rect(30, 0, 30, 40), Rect(60, 22, 30, 10)])
        #expect(layout.size == Size(90, 40))
    }

    @Test func nonBaselineItemsCountByTheirHeight() {
        // d opts out (alignSelf start) and is 60 tall: line = max(A + D = 40, 60) = 60,
        // baseline still 25.
        let layout = measure(row(.baselineFirst, texts() + [leaf("d", 30, 60) { $0.alignSelf = .start }]), .unconstrained)
        #expect(frames(layout).map(\.minY) == [13, 0, 19, 0])
        #expect(layout.size == Size(120, 60))
    }

    @Test func definiteCrossKeepsTheLineSizeAndStillComputesTheBaseline() {
        let layout = measure(row(.baselineFirst, texts()), sizeRange(0, 50, inf, 50))
        #expect(frames(layout).map(\.minY) == [13, 0, 19])
        #expect(layout.size == Size(90, 50))
    }

    @Test func fractionalBaselineOffsetsAreCeiledWhenFlattened() {
        // ascenders 10.25 and 3: offset of the second 7.25 → S=1 8, S=2 7.5, S=3 21.75→22/3.
        let spec = row(.baselineFirst, [leaf("a", 10, 20) { $0.ascender = 10.25 }, leaf("b", 10, 5) { $0.ascender = 3 }])
        for (context, y) in zip(scales, [8, 7.5, 22.0 / 3]) {
            #expect(frames(measure(spec, .unconstrained, context))[1].minY == y)
        }
    }

    /// A column of two texts: t1 40×14 (ascender 10, descender −3) over t2 40×16 (12, −4),
    /// so the column is 40×30 with first baseline 10 and last baseline 30 − 4 = 26.
    func column() -> StackLayoutSpec {
        StackLayoutSpec(direction: .vertical, alignItems: .start, children: [
            leaf("t1", 40, 14) { $0.ascender = 10; $0.descender = -3 },
            leaf("t2", 40, 16) { $0.ascender = 12; $0.descender = -4 },
        ])
    }

    @Test func nestedVerticalStackTakesPartWithItsFirstChildsAscender() {
        // x 30×20 (16, −4): A = max(10, 16) = 16, D = max(20, 4) = 20 → 36; column at 6.
        let spec = row(.baselineFirst, [column(), leaf("x", 30, 20) { $0.ascender = 16; $0.descender = -4 }])
        let layout = measure(spec, .unconstrained)
        #expect(frames(layout) == [Rect(0, 6, 40, 14), Rect(0, 20, 40, 16), Rect(40, 0, 30, 20)])
        #expect(layout.size == Size(70, 36))
    }

    @Test func nestedVerticalStackTakesPartWithItsLastChildsDescender() {
        // column last baseline 26, x's 16: A = 26, D = max(4, 4) = 4 → 30; x at 10.
        let spec = row(.baselineLast, [column(), leaf("x", 30, 20) { $0.ascender = 16; $0.descender = -4 }])
        let layout = measure(spec, .unconstrained)
        #expect(frames(layout) == [Rect(0, 0, 40, 14), Rect(0, 14, 40, 16), Rect(40, 10, 30, 20)])
        #expect(layout.size == Size(70, 30))
    }

    @Test func baselineValuesOfStacks() {
        var own = LayoutStyle()
        own.ascender = 7
        own.descender = -1
        let t1 = leaf("t1", 1, 1) { $0.ascender = 10; $0.descender = -3 }
        let t3 = leaf("t3", 1, 1) { $0.ascender = 2; $0.descender = -9 }
        // Vertical stacks report first child's ascender and last child's descender, recursively.
        let inner = StackLayoutSpec(direction: .vertical, children: [t1, node("t2", 1, 1)], style: own)
        let outer = StackLayoutSpec(direction: .vertical, children: [inner, t3], style: own)
        #expect(outer.baselineAscender == 10)
        #expect(outer.baselineDescender == -9)
        // Horizontal stacks and empty vertical stacks report their own style.
        let horizontal = StackLayoutSpec(direction: .horizontal, children: [t1, t3], style: own)
        #expect(horizontal.baselineAscender == 7 && horizontal.baselineDescender == -1)
        let empty = StackLayoutSpec(direction: .vertical, children: [], style: own)
        #expect(empty.baselineAscender == 7 && empty.baselineDescender == -1)
    }
}
