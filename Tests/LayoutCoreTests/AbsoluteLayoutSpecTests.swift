import LayoutCore
import NodeKit
import Testing
import LayoutTestSupport
import NodeTestSupport

/// Frames derived from semantics §3.8: children at their layoutPosition (raw, may be
/// negative), auto max = remaining space, spec = max or the children's extent.
@Suite struct AbsoluteLayoutSpecTests {
    private func children() -> [any LayoutElement] {
        [node("a", 20, 20).layoutPosition(x: 10, y: 5), node("b", 30, 10).layoutPosition(x: -5, y: 40)]
    }

    @Test func defaultSizingTakesTheMaxAndKeepsNegativePositions() {
        let layout = measureHost(AbsoluteLayoutSpec(children: children()), sizeRange(0, 0, 100, 100))
        #expect(framesByID(layout) == ["a": Rect(10, 5, 20, 20), "b": Rect(-5, 40, 30, 10)])
        #expect(layout.size == Size(100, 100))
    }

    @Test func sizeToFitTakesTheChildrensExtent() {
        // Width = max(0, 10 + 20, −5 + 30) = 30; height = max(0, 5 + 20, 40 + 10) = 50.
        let layout = measureHost(AbsoluteLayoutSpec(sizing: .sizeToFit, children: children()),
                                 sizeRange(0, 0, 100, 100))
        #expect(layout.size == Size(30, 50))
        #expect(framesByID(layout) == ["a": Rect(10, 5, 20, 20), "b": Rect(-5, 40, 30, 10)])
    }

    @Test func sizeToFitIsAtLeastTheMinimum() {
        let layout = measureHost(AbsoluteLayoutSpec(sizing: .sizeToFit, children: children()),
                                 sizeRange(60, 20, 100, 100))
        #expect(layout.size == Size(60, 50))
    }

    @Test func unboundedAxisUsesTheExtent() {
        // Height max ∞ → NaN → extent 50; width bounded → 100.
        let layout = measureHost(AbsoluteLayoutSpec(children: children()), sizeRange(0, 0, 100, .infinity))
        #expect(layout.size == Size(100, 50))
    }

    @Test func autoSizedChildFillsTheRemainingSpace() {
        // A plain node at (25, 10): its range is {0,0}-{75,90}, which it fills.
        let layout = measureHost(AbsoluteLayoutSpec(children: [plainNode("c").layoutPosition(x: 25, y: 10)]),
                                 sizeRange(0, 0, 100, 100))
        #expect(framesByID(layout) == ["c": Rect(25, 10, 75, 90)])
    }

    @Test func exactSizeIsCappedByTheRemainingSpaceButMinimumIsNot() {
        // At x = 90 only 10 remain: a 30pt exact width exceeds the auto max 10 → 10 ("max
        // overrides exact"). A 30pt min width beats the max → 30, overflowing; the spec clamps
        // its own size to the max.
        let capped = node("capped", 30, 30).layoutPosition(x: 90, y: 0)
        let wide = DisplayNode(id: "wide").styled {
            $0.minWidth = .points(30)
            $0.height = .points(10)
            $0.layoutPosition = Point(90, 50)
        }
        let layout = measureHost(AbsoluteLayoutSpec(sizing: .sizeToFit, children: [capped, wide]),
                                 sizeRange(0, 0, 100, 100))
        #expect(framesByID(layout) == ["capped": Rect(90, 0, 10, 30), "wide": Rect(90, 50, 30, 10)])
        #expect(layout.size == Size(100, 60))
    }

    @Test func fractionalChildSizesResolveAgainstTheSpecSize() {
        let half = DisplayNode(id: "half").styled {
            $0.width = .fraction(0.5)
            $0.height = .fraction(0.25)
        }
        let layout = measureHost(AbsoluteLayoutSpec(children: [half]), sizeRange(0, 0, 80, 40))
        #expect(framesByID(layout) == ["half": Rect(0, 0, 40, 10)])
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func positionsAreSnappedWhenFlattened(scale: Double) {
        // Raw position 10.25 in the spec's layout; flattening ceils it: 11; 10.5; 31 px.
        let spec = AbsoluteLayoutSpec(children: [node("a", 20, 20).layoutPosition(x: 10.25, y: -7.5)])
        let raw = spec.layoutThatFits(sizeRange(0, 0, 100, 100), context: LayoutContext(scale: scale))
        #expect(raw.element == "absolute")
        #expect(raw.sublayouts.map(\.position) == [Point(10.25, -7.5)])
        let layout = measureHost(spec, sizeRange(0, 0, 100, 100), context: LayoutContext(scale: scale))
        // y = ceil(−7.5): 1x → −7; 2x → −7.5; 3x → ceil(−22.5) = −22 px.
        let expected: [Double: Point] = [1: Point(11, -7), 2: Point(10.5, -7.5), 3: Point(31.0 / 3, -22.0 / 3)]
        #expect(framesByID(layout) == ["a": Rect(origin: expected[scale]!, size: Size(20, 20))])
    }

    @Test func honoursItsOwnStyleSize() {
        var style = LayoutStyle()
        style.preferredSize = Size(70, 60)
        let layout = measureHost(AbsoluteLayoutSpec(children: children(), style: style), sizeRange(0, 0, 100, 100))
        #expect(layout.size == Size(70, 60))
    }
}
