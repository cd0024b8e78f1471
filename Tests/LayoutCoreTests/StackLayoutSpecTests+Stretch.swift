import Testing
import LayoutCore
import LayoutTestSupport
import NodeTestSupport

/// Cross-axis alignment and stretching (semantics §3.1.3, §3.1.7–§3.1.9, §3.1.11).
@Suite struct StackLayoutSpecStretchTests {
    func row(_ children: [any LayoutElement], alignItems: StackAlignItems = .stretch) -> StackLayoutSpec {
        StackLayoutSpec(direction: .horizontal, alignItems: alignItems, children: children)
    }

    @Test func defaultsAreHorizontalAndStretch() {
        let spec = StackLayoutSpec()
        #expect(spec.direction == .horizontal)
        #expect(spec.alignItems == .stretch)
        #expect(spec.justifyContent == .start && spec.flexWrap == .noWrap && spec.alignContent == .start)
    }

    @Test func explicitCrossSizeIsNeverStretched() {
        // a is 20 tall by style: the stretch rule gives it [20, 20] even in a 40 line.
        let layout = measure(row([node("a", 30, 20), node("b", 30, 40)]), .unconstrained)
        #expect(frames(layout) == [Rect(0, 0, 30, 20), Rect(30, 0, 30, 40)])
        #expect(layout.size == Size(60, 40))
    }

    @Test func explicitZeroCrossSizeIsStretched() {
        // a is 0 tall by style: stretching asks [40, 0], which a's own intersection collapses to 40.
        let layout = measure(row([node("a", 30, 0), node("b", 30, 40)]), .unconstrained)
        #expect(frames(layout) == [Rect(0, 0, 30, 40), Rect(30, 0, 30, 40)])
    }

    @Test func autoCrossSizeIsStretchedToTheLine() {
        // A plain node with an unbounded cross max is 0 tall, then stretched to 40.
        let layout = measure(row([plainLeaf("a") { $0.width = .points(30) }, node("b", 30, 40)]), .unconstrained)
        #expect(frames(layout) == [Rect(0, 0, 30, 40), Rect(30, 0, 30, 40)])
    }

    @Test func stretchingHappensAfterFlexing() {
        // a grows from 30 to 70 (re-measured 0 tall), then is stretched at width 70 to 40.
        let spec = row([plainLeaf("a") { $0.width = .points(30); $0.flexGrow = 1 }, node("b", 30, 40)])
        let layout = measure(spec, sizeRange(100, 0, 100, inf))
        #expect(frames(layout) == [Rect(0, 0, 70, 40), Rect(70, 0, 30, 40)])
        #expect(layout.size == Size(100, 40))
    }

    @Test func definiteCrossSizeIsTheLineSize() {
        // Exactly 60 tall: a plain node gets [60, 60]; b keeps its 20.
        let spec = row([plainLeaf("a") { $0.width = .points(30) }, node("b", 30, 20)])
        let layout = measure(spec, sizeRange(0, 60, inf, 60))
        #expect(frames(layout) == [Rect(0, 0, 30, 60), Rect(30, 0, 30, 20)])
        #expect(layout.size == Size(60, 60))
    }

    @Test func explicitCrossSizeAboveTheMaxOverflowsWhenStretching() {
        // Stretch: a's own [50, 50] is used as the range; the line (50) is clamped to the max 30.
        let spec = row([node("a", 30, 50), plainLeaf("b") { $0.width = .points(30) }])
        let layout = measure(spec, sizeRange(0, 0, inf, 30))
        #expect(frames(layout) == [Rect(0, 0, 30, 50), Rect(30, 0, 30, 30)])
        #expect(layout.size == Size(60, 30))
        // Not stretching: [0, 30] wins over the style and a is cut to 30.
        #expect(frames(measure(row([node("a", 30, 50)], alignItems: .start), sizeRange(0, 0, inf, 30)))
            == [Rect(0, 0, 30, 30)])
    }

    @Test func singleLineIsClampedUpToTheMin() {
        // Line 40 clamped to the min 100; End aligns within it.
        let layout = measure(row([node("a", 30, 20), node("b", 30, 40)], alignItems: .end), sizeRange(0, 100, inf, inf))
        #expect(frames(layout) == [Rect(0, 80, 30, 20), Rect(30, 60, 30, 40)])
        #expect(layout.size == Size(60, 100))
    }

    @Test func alignSelfOverridesAlignItems() {
        // Line 41: a stretches, c centres at floor((41 − 10) / 2) = floor(15.5), d ends at 31.
        // floorPixel: S=1 15, S=2 15.5, S=3 46/3.
        let spec = row([plainLeaf("a") { $0.width = .points(30); $0.alignSelf = .stretch }, node("b", 30, 41),
                        leaf("c", 30, 10) { $0.alignSelf = .center }, leaf("d", 30, 10) { $0.alignSelf = .end }],
                       alignItems: .start)
        for (context, centered) in zip(scales, [15, 15.5, 46.0 / 3]) {
            let layout = measure(spec, .unconstrained, context)
            #expect(frames(layout) == [Rect(0, 0, 30, 41), Rect(30, 0, 30, 41), Rect(60, centered, 30, 10),
                                       Rect(90, 31, 30, 10)], "scale \(context.scale)")
        }
    }

    @Test func alignSelfStartOptsOutOfStretching() {
        let spec = row([plainLeaf("a") { $0.width = .points(30); $0.alignSelf = .start }, node("b", 30, 40)])
        #expect(frames(measure(spec, .unconstrained))[0] == Rect(0, 0, 30, 0))
    }

    @Test func centerFloorsToThePixelGridInAVerticalStack() {
        // Vertical: the cross axis is x. Column 41 wide; b centred at floor(15.5).
        let spec = StackLayoutSpec(direction: .vertical, alignItems: .center,
                                   children: [node("a", 41, 30), node("b", 10, 30)])
        for (context, centered) in zip(scales, [15, 15.5, 46.0 / 3]) {
            let layout = measure(spec, .unconstrained, context)
            #expect(frames(layout) == [Rect(0, 0, 41, 30), Rect(centered, 30, 10, 30)])
            #expect(layout.size == Size(41, 60))
        }
    }

    @Test func endAlignsToTheLineEnd() {
        let spec = StackLayoutSpec(direction: .vertical, alignItems: .end, children: [node("a", 41, 30), node("b", 10, 30)])
        #expect(frames(measure(spec, .unconstrained))[1] == Rect(31, 30, 10, 30))
    }

    @Test func notSetBehavesLikeStartWithoutStretching() {
        let spec = row([plainLeaf("a") { $0.width = .points(30) }, node("b", 30, 40)], alignItems: .notSet)
        #expect(frames(measure(spec, .unconstrained)) == [Rect(0, 0, 30, 0), Rect(30, 0, 30, 40)])
    }

    @Test func childrenSeeTheStackAsParentOnlyWhenItIsExact() {
        // A 50% wide child: 100 in an exactly 200 × 100 stack; undefined (so 0 for a plain
        // node with an unbounded max) when the stack is not exact.
        let half = plainLeaf("half") { $0.width = .fraction(0.5); $0.height = .points(10) }
        let spec = row([half], alignItems: .start)
        #expect(frames(measure(spec, SizeRange(exactly: Size(200, 100)))) == [Rect(0, 0, 100, 10)])
        #expect(frames(measure(spec, sizeRange(0, 0, 200, 100))) == [Rect(0, 0, 0, 10)])
    }

    @Test func nestedStackWithExplicitZeroHeightIsStretchedThroughTheInvertedRange() {
        // The column's style height 0 makes its stretch range [40, 0]; its own intersection
        // collapses that to 40, so it lays out 40 tall and ends its leaf at 30 (§3.1.9).
        var zeroHeight = LayoutStyle()
        zeroHeight.height = .points(0)
        let column = StackLayoutSpec(direction: .vertical, justifyContent: .end, alignItems: .start,
                                     children: [node("leaf", 10, 10)], style: zeroHeight)
        let layout = measure(row([column, node("b", 10, 40)]), .unconstrained)
        #expect(frames(layout) == [Rect(0, 30, 10, 10), Rect(10, 0, 10, 40)])
        #expect(layout.size == Size(20, 40))
    }

    @Test func nestedStackStretchDoesNotViolateWidth() {
        // Texture's snapshot: a 100 × 100 (by style) stretch stack with one 50 × 50 child in
        // {0,0}-{300,∞}: the child keeps its explicit size.
        var square = LayoutStyle()
        square.width = .points(100)
        square.height = .points(100)
        let spec = StackLayoutSpec(alignItems: .stretch, children: [node("child", 50, 50)], style: square)
        let layout = measure(spec, sizeRange(0, 0, 300, inf))
        #expect(frames(layout) == [Rect(0, 0, 50, 50)])
        #expect(layout.size == Size(100, 100))
    }
}
