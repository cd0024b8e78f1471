import LayoutCore
import Testing
import LayoutTestSupport
import NodeTestSupport

/// Frames derived from semantics §3.7: candidates floored to the pixel grid, the closest ratio
/// wins, ratio = height / width.
@Suite(.timeLimit(minutes: 5)) struct RatioLayoutSpecTests {
    @Test func widthBasedCandidateWins() {
        // ratio ½ in 100 × 100: width-based (100, 50) has h/w = ½; height-based (200 → 100, 100)
        // has 1. The child gets exactly 100 × 50.
        let spec = RatioLayoutSpec(ratio: 0.5, child: plainNode("a"))
        let layout = measureHost(spec, sizeRange(0, 0, 100, 100))
        #expect(framesByID(layout) == ["a": Rect(0, 0, 100, 50)])
        #expect(layout.size == Size(100, 50))
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func heightIsFlooredToThePixelGrid(scale: Double) {
        // ratio ⅓, width 100: 33.333… floored: 1x → 33; 2x → floor(66.67) = 66 px = 33;
        // 3x → floor(100 + ε) = 100 px = 33.333. (A ceil would give 33.5 at 2x.)
        let spec = RatioLayoutSpec(ratio: 1.0 / 3, child: plainNode("a"))
        let layout = measureHost(spec, sizeRange(0, 0, 100, 100), context: LayoutContext(scale: scale))
        let height = [1.0: 33.0, 2.0: 33.0, 3.0: 100.0 / 3][scale]!
        #expect(framesByID(layout) == ["a": Rect(0, 0, 100, height)])
        #expect(layout.size == Size(100, height))
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func heightBasedCandidateWinsAndFloorsTheWidth(scale: Double) {
        // ratio 1.5 in 200 × 95: width-based (200, 300 → 95) has h/w 0.475; height-based
        // (95 / 1.5 = 63.33 floored, 95): 1x → 63; 2x → 126 px = 63; 3x → 190 px = 63.333.
        let spec = RatioLayoutSpec(ratio: 1.5, child: plainNode("a"))
        let layout = measureHost(spec, sizeRange(0, 0, 200, 95), context: LayoutContext(scale: scale))
        let width = [1.0: 63.0, 2.0: 63.0, 3.0: 190.0 / 3][scale]!
        #expect(framesByID(layout) == ["a": Rect(0, 0, width, 95)])
    }

    @Test func unboundedWidthUsesTheHeightCandidateOnly() {
        // Max width ∞ is not valid for a size: only (90 / 1.5 = 60, 90) is a candidate.
        let spec = RatioLayoutSpec(ratio: 1.5, child: plainNode("a"))
        let layout = measureHost(spec, sizeRange(0, 0, .infinity, 90))
        #expect(framesByID(layout) == ["a": Rect(0, 0, 60, 90)])
    }

    @Test func noCandidateGivesTheChildTheConstraint() {
        // Both maxes ∞: the 30 × 20 node is measured with the constraint as is.
        let spec = RatioLayoutSpec(ratio: 2, child: node("a", 30, 20))
        let layout = measureHost(spec, sizeRange(0, 0, .infinity, .infinity))
        #expect(framesByID(layout) == ["a": Rect(0, 0, 30, 20)])
        #expect(layout.size == Size(30, 20))
    }

    @Test func candidatesAreClampedIntoTheConstraint() {
        // ratio 2 in {0,80}-{100,100}: width-based (100, 200 → 100) h/w 1; height-based
        // (50, 100) h/w 2 → wins; intersect with the constraint keeps 50 × 100.
        let spec = RatioLayoutSpec(ratio: 2, child: plainNode("a"))
        let layout = measureHost(spec, sizeRange(0, 80, 100, 100))
        #expect(framesByID(layout) == ["a": Rect(0, 0, 50, 100)])
    }

    @Test func honoursItsOwnStyleSize() {
        // Style width 60 → the range is {60,0}-{60,100}: candidates (60, 30) and (60, 100).
        var style = LayoutStyle()
        style.width = .points(60)
        let spec = RatioLayoutSpec(ratio: 0.5, child: plainNode("a"), style: style)
        let layout = measureHost(spec, sizeRange(0, 0, 100, 100))
        #expect(framesByID(layout) == ["a": Rect(0, 0, 60, 30)])
        #expect(spec.layoutThatFits(sizeRange(0, 0, 100, 100), context: .scale2).element == "ratio")
    }

    @Test func nonPositiveRatioIsAProgrammerError() async {
        await #expect(processExitsWith: .failure) {
            _ = RatioLayoutSpec(ratio: 0, child: SpacerLayoutSpec())
        }
        await #expect(processExitsWith: .failure) {
            _ = RatioLayoutSpec(ratio: -1, child: SpacerLayoutSpec())
        }
    }
}
