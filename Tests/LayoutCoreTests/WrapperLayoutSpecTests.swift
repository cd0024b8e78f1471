import LayoutCore
import Testing
import LayoutTestSupport
import NodeTestSupport

/// Frames derived from semantics §3.10: every child at the origin with the whole constraint;
/// size = max(min, children), not clamped to the max.
@Suite struct WrapperLayoutSpecTests {
    @Test func sizeIsTheLargestChild() {
        let spec = WrapperLayoutSpec(children: [node("a", 30, 20), node("b", 10, 50)])
        let layout = measureHost(spec, sizeRange(0, 0, 100, 100))
        #expect(layout.sublayouts.map(\.element) == ["a", "b"])
        #expect(frames(layout) == [Rect(0, 0, 30, 20), Rect(0, 0, 10, 50)])
        #expect(layout.size == Size(30, 50))
    }

    @Test func childrenGetTheMinimum() {
        // min width 40 beats the 30 and 10 styles.
        let spec = WrapperLayoutSpec(children: [node("a", 30, 20), node("b", 10, 50)])
        let layout = measureHost(spec, sizeRange(40, 0, 100, 100))
        #expect(frames(layout) == [Rect(0, 0, 40, 20), Rect(0, 0, 40, 50)])
        #expect(layout.size == Size(40, 50))
    }

    @Test func exceedsTheMaxWhenAChildDoes() {
        // A rigid 150 × 30 child ignores the constraint; Texture's wrapper does not clamp.
        let spec = WrapperLayoutSpec(children: [rigidNode("r", 150, 30), node("a", 10, 10)])
        let layout = measureHost(spec, sizeRange(0, 0, 100, 100))
        #expect(layout.size == Size(150, 30))
        #expect(frames(layout) == [Rect(0, 0, 150, 30), Rect(0, 0, 10, 10)])
    }

    @Test func emptyWrapperTakesTheMinimum() {
        let layout = WrapperLayoutSpec(children: []).layoutThatFits(sizeRange(12, 7, 100, 100), context: .scale2)
        #expect(layout.element == "wrapper")
        #expect(layout.size == Size(12, 7))
        #expect(layout.sublayouts.isEmpty)
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func sizeIsSnappedFromTheChildren(scale: Double) {
        // 30.2 ceiled: 31; 30.5; 91 px.
        let layout = measureHost(WrapperLayoutSpec(children: [node("a", 30.2, 10)]), sizeRange(0, 0, 100, 100),
                                 context: LayoutContext(scale: scale))
        let width = [1.0: 31.0, 2.0: 30.5, 3.0: 91.0 / 3][scale]!
        #expect(layout.size == Size(width, 10))
    }

    @Test func honoursItsOwnStyleSize() {
        var style = LayoutStyle()
        style.minWidth = .points(80)
        let layout = measureHost(WrapperLayoutSpec(children: [node("a", 30, 20)], style: style),
                                 sizeRange(0, 0, 100, 100))
        #expect(frames(layout) == [Rect(0, 0, 80, 20)])
        #expect(layout.size == Size(80, 20))
    }
}
