import LayoutCore
import Testing
import LayoutTestSupport
import NodeTestSupport

/// Frames derived from semantics §3.5: size = max (or child on Minimum axes), positions
/// roundPixel((size − child) × proportion).
@Suite struct RelativeLayoutSpecTests {
    @Test(arguments: [1.0, 2.0, 3.0])
    func endAndCentreRoundToThePixelGrid(scale: Double) {
        // x = round((100 − 30) × 1) = 70.  y = roundPixel((50 − 25) × ½ = 12.5):
        // 1x → 13;  2x → 12.5;  3x → round(37.5) = 38 px → 12.667.
        let spec = RelativeLayoutSpec(horizontalPosition: .end, verticalPosition: .center, child: node("a", 30, 25))
        let layout = measureHost(spec, sizeRange(0, 0, 100, 50), context: LayoutContext(scale: scale))
        let y = [1.0: 13.0, 2.0: 12.5, 3.0: 38.0 / 3][scale]!
        #expect(framesByID(layout) == ["a": Rect(70, y, 30, 25)])
        #expect(layout.size == Size(100, 50))
    }

    @Test func noneAxisPassesTheMinimumToTheChild() {
        // Horizontal start: child min width 0, keeps 30. Vertical none: child min height is the
        // constraint's 40, so the 25pt node becomes 40 (constraint wins the intersection).
        let spec = RelativeLayoutSpec(horizontalPosition: .start, verticalPosition: .none, child: node("a", 30, 25))
        let layout = measureHost(spec, sizeRange(0, 40, 100, 50))
        #expect(framesByID(layout) == ["a": Rect(0, 0, 30, 40)])
        #expect(layout.size == Size(100, 50))
    }

    @Test func minimumSizeShrinksToTheChild() {
        let spec = RelativeLayoutSpec(horizontalPosition: .center, verticalPosition: .center,
                                      sizingOption: .minimumSize, child: node("a", 30, 25))
        let layout = measureHost(spec, sizeRange(0, 0, 100, 50))
        #expect(framesByID(layout) == ["a": Rect(0, 0, 30, 25)])
        #expect(layout.size == Size(30, 25))
    }

    @Test func minimumWidthOnlyShrinksTheWidth() {
        // Width = min(100, 30) = 30 → x = 0; height stays 50 → y = round(12.5) at 2x = 12.5.
        let spec = RelativeLayoutSpec(horizontalPosition: .end, verticalPosition: .center,
                                      sizingOption: .minimumWidth, child: node("a", 30, 25))
        let layout = measureHost(spec, sizeRange(0, 0, 100, 50))
        #expect(framesByID(layout) == ["a": Rect(0, 12.5, 30, 25)])
        #expect(layout.size == Size(30, 50))
    }

    @Test func minimumSizeIsClampedBackToTheConstraintMinimum() {
        // min(100, 30) = 30 is below the constraint's min 60: clamped back to 60; x = 60 − 30.
        let spec = RelativeLayoutSpec(horizontalPosition: .end, sizingOption: .minimumWidth, child: node("a", 30, 25))
        let layout = measureHost(spec, sizeRange(60, 0, 100, 50))
        #expect(framesByID(layout) == ["a": Rect(30, 0, 30, 25)])
        #expect(layout.size == Size(60, 50))
    }

    @Test func unboundedAxisTakesTheChildSize() {
        // Width max ∞: not valid for a size, so the spec's width is the child's (30).
        let spec = RelativeLayoutSpec(horizontalPosition: .center, verticalPosition: .end, child: node("a", 30, 25))
        let layout = measureHost(spec, sizeRange(0, 0, .infinity, 50))
        #expect(framesByID(layout) == ["a": Rect(0, 25, 30, 25)])
        #expect(layout.size == Size(30, 50))
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func honoursItsOwnStyleSize(scale: Double) {
        // Style 80 × 40 within {0,0}-{100,100} → exact 80 × 40. x = round(25) = 25;
        // y = roundPixel(7.5): 1x → 8;  2x → 7.5;  3x → round(22.5) = 23 px.
        var style = LayoutStyle()
        style.preferredSize = Size(80, 40)
        let spec = RelativeLayoutSpec(horizontalPosition: .center, verticalPosition: .center,
                                      child: node("a", 30, 25), style: style)
        let layout = measureHost(spec, sizeRange(0, 0, 100, 100), context: LayoutContext(scale: scale))
        let y = [1.0: 8.0, 2.0: 7.5, 3.0: 23.0 / 3][scale]!
        #expect(framesByID(layout) == ["a": Rect(25, y, 30, 25)])
        #expect(layout.size == Size(80, 40))
    }

    @Test func specLayoutIsRelative() {
        let layout = RelativeLayoutSpec(child: node("a", 1, 1)).layoutThatFits(sizeRange(0, 0, 5, 5), context: .scale1)
        #expect(layout.element == "relative")
        #expect(!layout.isNode)
    }
}
