import LayoutCore
import Testing
import LayoutTestSupport
import NodeTestSupport

/// Texture's bare `ASLayoutSpec` (semantics §2.2): size = the constraint's min, no children.
@Suite struct SpacerLayoutSpecTests {
    @Test func takesTheMinimum() {
        let layout = SpacerLayoutSpec().layoutThatFits(sizeRange(10, 20, 100, 100), context: .scale2)
        #expect(layout.element == "spacer")
        #expect(!layout.isNode)
        #expect(layout.size == Size(10, 20))
        #expect(layout.sublayouts.isEmpty)
    }

    @Test func hostOfASpacerHasNoSubnodes() {
        let layout = measureHost(SpacerLayoutSpec(), sizeRange(10, 20, 100, 100))
        #expect(layout.size == Size(10, 20))
        #expect(layout.sublayouts.isEmpty)
    }

    @Test func honoursItsOwnStyleSize() {
        let layout = SpacerLayoutSpec().preferredSize(width: 30, height: 40)
            .layoutThatFits(sizeRange(10, 20, 100, 100), context: .scale2)
        #expect(layout.size == Size(30, 40))
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func minimumIsSnapped(scale: Double) {
        // 10.2 ceiled: 11; 10.5; 31 px.
        let layout = SpacerLayoutSpec().layoutThatFits(sizeRange(10.2, 0, 100, 100),
                                                       context: LayoutContext(scale: scale))
        #expect(layout.size.width == [1.0: 11.0, 2.0: 10.5, 3.0: 31.0 / 3][scale]!)
    }
}
