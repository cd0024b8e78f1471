import Testing
import LayoutCore
import LayoutTestSupport
import NodeTestSupport

/// spacing, spacingBefore and spacingAfter (semantics §3.1.4, §3.1.11), and the basics.
@Suite struct StackLayoutSpecSpacingTests {
    func row(spacing: Double, justify: StackJustifyContent = .start, _ children: [any LayoutElement]) -> StackLayoutSpec {
        StackLayoutSpec(direction: .horizontal, spacing: spacing, justifyContent: justify, alignItems: .start,
                        children: children)
    }

    @Test func spacingGoesBetweenItemsOnly() {
        let layout = measure(row(spacing: 10, [node("a", 50, 20), node("b", 60, 20), node("c", 70, 20)]), .unconstrained)
        #expect(frames(layout).map(\.minX) == [0, 60, 130])
        #expect(layout.size == Size(200, 20))
    }

    @Test func spacingBeforeAndAfterAddToTheItem() {
        // b: before 5, after 7; spacing 10: a 0; b 50 + 5 + 10 = 65; c 65 + 60 + 7 + 10 = 142;
        // width 20 + 12 + 180 = 212.
        let children: [any LayoutElement] = [node("a", 50, 20), leaf("b", 60, 20) { $0.spacingBefore = 5; $0.spacingAfter = 7 },
                                             node("c", 70, 20)]
        let layout = measure(row(spacing: 10, children), .unconstrained)
        #expect(frames(layout).map(\.minX) == [0, 65, 142])
        #expect(layout.size == Size(212, 20))
        // Justified to the end of exactly 300: room 88 → 88, 153, 230 (c ends at 300).
        #expect(frames(measure(row(spacing: 10, justify: .end, children), sizeRange(300, 0, 300, inf))).map(\.minX)
            == [88, 153, 230])
    }

    @Test func edgeSpacingCountsInTheSize() {
        let spec = row(spacing: 0, [leaf("a", 10, 10) { $0.spacingBefore = 4 }, leaf("b", 10, 10) { $0.spacingAfter = 6 }])
        let layout = measure(spec, .unconstrained)
        #expect(frames(layout) == [Rect(4, 0, 10, 10), Rect(14, 0, 10, 10)])
        #expect(layout.size == Size(30, 10))
    }

    @Test func fractionalSpacingIsCeiledAtEachScale() {
        // spacing 0.25: 0, 10.25, 20.5; width 30.5.
        // S=1: 11, 21, width 31. S=2: 10.5, 20.5, 30.5. S=3: 31/3, 62/3, width 92/3.
        let spec = row(spacing: 0.25, [node("a", 10, 10), node("b", 10, 10), node("c", 10, 10)])
        let expected: [([Double], Double)] = [([0, 11, 21], 31), ([0, 10.5, 20.5], 30.5),
                                              ([0, 31.0 / 3, 62.0 / 3], 92.0 / 3)]
        for (context, (xs, width)) in zip(scales, expected) {
            let layout = measure(spec, .unconstrained, context)
            #expect(frames(layout).map(\.minX) == xs, "scale \(context.scale)")
            #expect(layout.size == Size(width, 10))
        }
    }

    @Test func verticalSpacing() {
        let spec = StackLayoutSpec(direction: .vertical, spacing: 8, alignItems: .start,
                                   children: [node("a", 10, 20), leaf("b", 30, 5) { $0.spacingBefore = 2 }])
        let layout = measure(spec, .unconstrained)
        #expect(frames(layout) == [Rect(0, 0, 10, 20), Rect(0, 30, 30, 5)])
        #expect(layout.size == Size(30, 35))
    }

    // MARK: - Basics

    @Test func emptyStackIsTheMinimum() {
        let layout = StackLayoutSpec().layoutThatFits(sizeRange(12, 34, 100, 100), context: .scale2)
        #expect(layout.size == Size(12, 34))
        #expect(layout.sublayouts.isEmpty)
        #expect(layout.element == "stack" && !layout.isNode)
    }

    @Test func stackLayoutKeepsChildLayoutsAtRawPositions() {
        // Measured directly (no host): sublayouts are the children's layouts, positions raw.
        let spec = StackLayoutSpec(justifyContent: .spaceAround, alignItems: .start,
                                   children: [node("a", 50, 50), node("b", 50, 50), node("c", 50, 50)])
        let layout = spec.layoutThatFits(sizeRange(305, 0, 305, inf), context: .scale2)
        #expect(layout.size == Size(305, 50))
        #expect(layout.sublayouts.map(\.element) == ["a", "b", "c"])
        #expect(layout.sublayouts.map(\.position.x) == [155.0 / 6, 155.0 / 6 + 50 + 155.0 / 3,
                                                        155.0 / 6 + 100 + 2 * (155.0 / 3)])
    }

    @Test func nestedStacksFlattenToAbsoluteFrames() {
        // A column (a over b) after c, in a row with spacing 5, inside the host.
        let column = StackLayoutSpec(direction: .vertical, spacing: 2, alignItems: .start,
                                     children: [node("a", 10, 10), node("b", 20, 10)])
        let spec = StackLayoutSpec(direction: .horizontal, spacing: 5, alignItems: .end,
                                   children: [node("c", 10, 40), column])
        let layout = measure(spec, .unconstrained)
        // Column is 20 × 22 aligned to the end of the 40 line → at (15, 18).
        #expect(framesByID(layout) == ["c": Rect(0, 0, 10, 40), "a": Rect(15, 18, 10, 10), "b": Rect(15, 30, 20, 10)])
        #expect(layout.sublayouts.map(\.element) == ["c", "a", "b"])
        #expect(layout.size == Size(35, 40))
    }
}
