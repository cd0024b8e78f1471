import LayoutCore
import NodeKit
import Testing
import LayoutTestSupport
import NodeTestSupport

/// Frames derived from semantics §3.4: background first, exact child size, spec's parent size.
@Suite struct BackgroundLayoutSpecTests {
    @Test(arguments: [1.0, 2.0, 3.0])
    func zeroSizedBackgroundStillTakesTheChildSize(scale: Double) {
        // The background node's explicit 0 × 0 style loses to the exact range (intersect: the
        // constraint wins), so it covers the child: 33.4 ceiled is 34, 33.5, 101 px (33.667).
        let spec = BackgroundLayoutSpec(child: node("child", 33.4, 20), background: node("bg", 0, 0))
        let layout = measureHost(spec, sizeRange(0, 0, 100, 100), context: LayoutContext(scale: scale))
        let width = [1.0: 34.0, 2.0: 33.5, 3.0: 101.0 / 3][scale]!
        #expect(layout.sublayouts.map(\.element) == ["bg", "child"])
        #expect(frames(layout) == [Rect(0, 0, width, 20), Rect(0, 0, width, 20)])
        #expect(layout.size == Size(width, 20))
    }

    @Test func backgroundParentSizeIsTheSpecsParentSize() {
        // Background = inset(left ∞) of a 50%-wide node: its parent is the spec's (60 × 60), so
        // it wants 30 (≤ the exact 50) and is pinned right: x = 50 − 30 = 20.
        let spec = BackgroundLayoutSpec(child: node("child", 50, 20),
                                        background: InsetLayoutSpec(insets: EdgeInsets(left: .infinity),
                                                                    child: halfNode()))
        let layout = measureHost(spec, sizeRange(0, 0, 60, 60))
        #expect(framesByID(layout) == ["child": Rect(0, 0, 50, 20), "half": Rect(20, 0, 30, 20)])
        #expect(layout.sublayouts.map(\.element) == ["half", "child"])
    }

    @Test func ignoresItsOwnStyleSize() {
        var style = LayoutStyle()
        style.width = .points(90)
        let spec = BackgroundLayoutSpec(child: node("child", 40, 30), background: plainNode("bg"), style: style)
        let layout = spec.layoutThatFits(sizeRange(0, 0, 100, 100), context: .scale2)
        #expect(layout.element == "background")
        #expect(layout.size == Size(40, 30))
    }
}
