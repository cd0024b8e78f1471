import LayoutCore
import NodeKit
import Testing
import LayoutTestSupport
import NodeTestSupport

/// Frames derived by hand from semantics §3.2 (inset) and the snapshot harness: the host's
/// sublayouts are the flattened nodes, positions ceiled to the pixel grid.
@Suite struct InsetLayoutSpecTests {
    @Test(arguments: [1.0, 2.0, 3.0])
    func finiteInsetsAddToTheChildAndSnapItsSize(scale: Double) {
        // Given a 50.3 × 60 node inside insets (top 10, left 20, bottom 30, right 40)
        let spec = InsetLayoutSpec(insets: EdgeInsets(top: 10, left: 20, bottom: 30, right: 40),
                                   child: node("a", 50.3, 60))
        // When
        let layout = measureHost(spec, sizeRange(0, 0, 300, 300), context: LayoutContext(scale: scale))
        // Then the child range is {0,0}-{240,260}; the node keeps its style size, ceiled to the
        // grid: 51 px at 1x, 101 px at 2x, 151 px at 3x. Spec size = child + 60 × child + 40:
        // 111 at 1x; 50.5 + 60 = 110.5 = 221 px at 2x; 50.333… + 60 = 110.333… = 331 px at 3x.
        let childWidth = [1.0: 51.0, 2.0: 101.0 / 2, 3.0: 151.0 / 3][scale]!
        let specWidth = [1.0: 111.0, 2.0: 221.0 / 2, 3.0: 331.0 / 3][scale]!
        #expect(framesByID(layout) == ["a": Rect(20, 10, childWidth, 60)])
        #expect(layout.size == Size(specWidth, 100))
    }

    @Test func minimumIsPassedOnLessTheInsets() {
        // {100,100}-{300,300} minus 10 on each side gives the child {80,80}-{280,280}; its 50pt
        // style loses to the constraint (intersect collapses to the constraint's min, 80).
        let spec = InsetLayoutSpec(insets: EdgeInsets(all: 10), child: node("a", 50, 50))
        let layout = measureHost(spec, sizeRange(100, 100, 300, 300))
        #expect(framesByID(layout) == ["a": Rect(10, 10, 80, 80)])
        #expect(layout.size == Size(100, 100))
    }

    @Test func infiniteLeftInsetPinsTheChildToTheRightEdge() {
        // left = ∞: the child's min width is 0 (keeps 35), the spec takes the max width (100),
        // x = maxW − (right + childW) = 100 − (10 + 35) = 55. Vertically: 20 + 0 + 0.
        let spec = InsetLayoutSpec(insets: EdgeInsets(top: 0, left: .infinity, bottom: 0, right: 10),
                                   child: node("a", 35, 20))
        let layout = measureHost(spec, sizeRange(0, 0, 100, 50))
        #expect(framesByID(layout) == ["a": Rect(55, 0, 35, 20)])
        #expect(layout.size == Size(100, 20))
    }

    @Test func infiniteTopInsetPinsTheChildToTheBottomEvenWithAMinimum() {
        // top = ∞ drops the min height (40) for the child: it keeps 15; spec height = max 50;
        // y = 50 − (bottom 5 + 15) = 30. Width: min 60 passes on, so the 35pt node becomes 60.
        let spec = InsetLayoutSpec(insets: EdgeInsets(top: .infinity, left: 0, bottom: 5, right: 0),
                                   child: node("a", 35, 15))
        let layout = measureHost(spec, sizeRange(60, 40, 100, 50))
        #expect(framesByID(layout) == ["a": Rect(0, 30, 60, 15)])
        #expect(layout.size == Size(60, 50))
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func bothInfiniteInsetsCentreWithRoundPixel(scale: Double) {
        // x = maxW − (roundPixel((maxW − w) / 2) + w) with maxW 100, w 35: (100 − 35) / 2 = 32.5
        //   1x: round(32.5) = 33 → x = 32;  2x: 32.5 → 32.5;  3x: round(97.5) = 98 px → x = 97 px.
        // y with maxH 50, h 15: (50 − 15) / 2 = 17.5 → 1x: 18 → 17;  2x: 17.5;  3x: 53 px → 52 px.
        let spec = InsetLayoutSpec(insets: EdgeInsets(all: .infinity), child: node("a", 35, 15))
        let layout = measureHost(spec, sizeRange(0, 0, 100, 50), context: LayoutContext(scale: scale))
        let expected: [Double: Point] = [1: Point(32, 17), 2: Point(32.5, 17.5), 3: Point(97.0 / 3, 52.0 / 3)]
        #expect(framesByID(layout) == ["a": Rect(origin: expected[scale]!, size: Size(35, 15))])
        #expect(layout.size == Size(100, 50))
    }

    @Test func infiniteInsetWithUnboundedMaxCollapsesToZero() {
        // Size = (max width = ∞, …) is not valid for a layout: Texture's release builds give 0 × 0.
        let spec = InsetLayoutSpec(insets: EdgeInsets(left: .infinity), child: node("a", 35, 15))
        let layout = spec.layoutThatFits(.unconstrained, context: .scale2)
        #expect(layout.size == .zero)
    }

    @Test func ignoresItsOwnStyleSize() {
        // A 200 × 200 style on the inset spec is ignored: 20 + 10 + 10 each way.
        var style = LayoutStyle()
        style.preferredSize = Size(200, 200)
        let spec = InsetLayoutSpec(insets: EdgeInsets(all: 10), child: node("a", 20, 20), style: style)
        let layout = measureHost(spec, sizeRange(0, 0, 300, 300))
        #expect(layout.size == Size(40, 40))
        #expect(framesByID(layout) == ["a": Rect(10, 10, 20, 20)])
    }

    @Test func childParentSizeIsTheParentLessTheInsets() {
        // Parent 300 − (20 + 20) = 260 → a 50% wide node is 130 (within the child max of 260).
        let half = DisplayNode(id: "half").styled {
            $0.width = .fraction(0.5)
            $0.height = .points(10)
        }
        let spec = InsetLayoutSpec(insets: EdgeInsets(top: 0, left: 20, bottom: 0, right: 20), child: half)
        let layout = measureHost(spec, sizeRange(0, 0, 300, 300))
        #expect(framesByID(layout) == ["half": Rect(20, 0, 130, 10)])
        #expect(layout.size == Size(170, 10))
    }

    @Test func specLayoutUsesItsKindAsElementID() {
        let layout = InsetLayoutSpec(insets: EdgeInsets(all: 1), child: node("a", 1, 1))
            .layoutThatFits(sizeRange(0, 0, 10, 10), context: .scale1)
        #expect(layout.element == "inset")
        #expect(!layout.isNode)
        #expect(layout.sublayouts.map(\.position) == [Point(1, 1)])
    }
}
