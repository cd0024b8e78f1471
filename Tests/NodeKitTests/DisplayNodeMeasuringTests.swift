import Testing
import LayoutCore
import NodeKit
import LayoutTestSupport

@Suite struct DisplayNodeMeasuringTests {
    @Test func plainNodeFillsFiniteMaxAndCollapsesWhenUnbounded() {
        // Given a node with no size and no spec
        let node = DisplayNode(id: "plain")
        // Then it fills a finite max
        let finite = node.layoutThatFits(SizeRange(min: .zero, max: Size(100, 40)), context: .scale2)
        #expect(finite.size == Size(100, 40))
        // And collapses to the min when either max component is unbounded
        let unbounded = node.layoutThatFits(SizeRange(min: Size(5, 6), max: Size(100, .infinity)), context: .scale2)
        #expect(unbounded.size == Size(5, 6))
    }

    @Test func styleSizeIsIntersectedWithTheConstraintWhichWins() {
        let node = DisplayNode(id: "n").styled { $0.preferredSize = Size(50, 50) }
        let layout = node.layoutThatFits(SizeRange(exactly: Size(30, 30)), context: .scale2)
        #expect(layout.size == Size(30, 30))
    }
}
