import LayoutCore
import NodeKit
import Testing
import LayoutTestSupport
import NodeTestSupport

/// Frames derived from semantics §3.3: the overlay gets the child's size exactly.
@Suite struct OverlayLayoutSpecTests {
    @Test(arguments: [1.0, 2.0, 3.0])
    func overlayTakesTheChildSizeAndComesSecond(scale: Double) {
        // The child (40.25 × 30) is ceiled: 41 at 1x, 40.5 at 2x, 121 px (40.333…) at 3x. The
        // overlay's own 10 × 10 style loses to its exact range, the child's size.
        let spec = OverlayLayoutSpec(child: node("child", 40.25, 30), overlay: node("overlay", 10, 10))
        let layout = measureHost(spec, sizeRange(0, 0, 100, 100), context: LayoutContext(scale: scale))
        let width = [1.0: 41.0, 2.0: 40.5, 3.0: 121.0 / 3][scale]!
        #expect(layout.sublayouts.map(\.element) == ["child", "overlay"])
        #expect(frames(layout) == [Rect(0, 0, width, 30), Rect(0, 0, width, 30)])
        #expect(layout.size == Size(width, 30))
    }

    @Test func overlayParentSizeIsTheChildSize() {
        // Overlay = inset(left ∞) of a 50%-wide node: its parent width is the child's 50 → 25;
        // pinned right: x = 50 − 25 = 25. (The background spec would use the spec's parent.)
        let spec = OverlayLayoutSpec(child: node("child", 50, 20),
                                     overlay: InsetLayoutSpec(insets: EdgeInsets(left: .infinity), child: halfNode()))
        let layout = measureHost(spec, sizeRange(0, 0, 60, 60))
        #expect(framesByID(layout) == ["child": Rect(0, 0, 50, 20), "half": Rect(25, 0, 25, 20)])
    }

    @Test func ignoresItsOwnStyleSize() {
        var style = LayoutStyle()
        style.preferredSize = Size(90, 90)
        let spec = OverlayLayoutSpec(child: node("child", 40, 30), overlay: plainNode("overlay"), style: style)
        let layout = measureHost(spec, sizeRange(0, 0, 100, 100))
        #expect(layout.size == Size(40, 30))
        #expect(framesByID(layout) == ["child": Rect(0, 0, 40, 30), "overlay": Rect(0, 0, 40, 30)])
    }

    @Test func childGetsTheWholeConstraint() {
        // A plain child fills the finite max; the overlay follows.
        let spec = OverlayLayoutSpec(child: plainNode("child"), overlay: plainNode("overlay"))
        let layout = spec.layoutThatFits(sizeRange(10, 10, 70, 80), context: .scale2)
        #expect(layout.element == "overlay")
        #expect(layout.size == Size(70, 80))
        #expect(layout.sublayouts.map(\.size) == [Size(70, 80), Size(70, 80)])
    }
}

/// A node 50% of its parent's width and 100% of its height.
func halfNode() -> DisplayNode {
    DisplayNode(id: "half").styled {
        $0.width = .fraction(0.5)
        $0.height = .fraction(1)
    }
}
