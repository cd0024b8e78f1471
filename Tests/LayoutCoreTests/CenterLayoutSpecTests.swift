import LayoutCore
import Testing
import LayoutTestSupport
import NodeTestSupport

/// Frames derived from semantics §3.6: a relative spec with Center on the chosen axes, None
/// elsewhere.
@Suite struct CenterLayoutSpecTests {
    @Test(arguments: [1.0, 2.0, 3.0])
    func centresOnBothAxesWithRoundPixel(scale: Double) {
        // x = roundPixel((100 − 31) / 2 = 34.5): 1x → 35 (halves away from zero); 2x → 34.5;
        //     3x → round(103.5) = 104 px.  y = roundPixel(12.5): 13; 12.5; 38 px.
        let spec = CenterLayoutSpec(centeringOptions: .xy, child: node("a", 31, 25))
        let layout = measureHost(spec, sizeRange(0, 0, 100, 50), context: LayoutContext(scale: scale))
        let expected: [Double: Point] = [1: Point(35, 13), 2: Point(34.5, 12.5), 3: Point(104.0 / 3, 38.0 / 3)]
        #expect(framesByID(layout) == ["a": Rect(origin: expected[scale]!, size: Size(31, 25))])
        #expect(layout.size == Size(100, 50))
    }

    @Test func defaultOptionsPlaceAtTheOriginAndPassTheMinimum() {
        // No centring: both axes are None, so the child gets the min 40 × 40 (beating its 30 × 25
        // style) and sits at (0, 0); the spec takes the max.
        let spec = CenterLayoutSpec(child: node("a", 30, 25))
        let layout = measureHost(spec, sizeRange(40, 40, 100, 50))
        #expect(framesByID(layout) == ["a": Rect(0, 0, 40, 40)])
        #expect(layout.size == Size(100, 50))
    }

    @Test func centreXWithMinimumY() {
        // x centred: (100 − 30) / 2 = 35; y None at 0; MinimumY: height = min(50, 25) = 25.
        let spec = CenterLayoutSpec(centeringOptions: .x, sizingOptions: .minimumY, child: node("a", 30, 25))
        let layout = measureHost(spec, sizeRange(0, 0, 100, 50))
        #expect(framesByID(layout) == ["a": Rect(35, 0, 30, 25)])
        #expect(layout.size == Size(100, 25))
    }

    @Test func centreYWithMinimumXY() {
        // Both axes shrink to the child, so centring has no room: (0, 0) and 30 × 25.
        let spec = CenterLayoutSpec(centeringOptions: .y, sizingOptions: .minimumXY, child: node("a", 30, 25))
        let layout = measureHost(spec, sizeRange(0, 0, 100, 50))
        #expect(framesByID(layout) == ["a": Rect(0, 0, 30, 25)])
        #expect(layout.size == Size(30, 25))
    }

    @Test func isTheEquivalentRelativeSpec() {
        let spec = CenterLayoutSpec(centeringOptions: .x, sizingOptions: .minimumY, child: node("a", 30, 25))
        #expect(spec.relative.horizontalPosition == .center)
        #expect(spec.relative.verticalPosition == .none)
        #expect(spec.relative.sizingOption == .minimumHeight)
        let range = sizeRange(0, 0, 100, 50)
        var viaRelative = spec.relative.layoutThatFits(range, context: .scale2)
        let layout = spec.layoutThatFits(range, context: .scale2)
        #expect(layout.element == "center")
        viaRelative.element = "center"
        #expect(layout == viaRelative)
    }
}
