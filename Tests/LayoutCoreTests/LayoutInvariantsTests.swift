import LayoutCore
import Testing

/// `Layout._invariantViolations`: finite positions at every depth, and a size within the range it
/// was computed for (snapped up to the pixel grid). Expected sizes are worked out by hand.
@Suite struct LayoutInvariantsTests {
    private func layout(_ width: Double, _ height: Double, sublayouts: [Layout] = []) -> Layout {
        Layout(element: "spec", isNode: false, exactSize: Size(width, height), position: .zero, sublayouts: sublayouts)
    }

    private func sizeRange(_ minWidth: Double, _ minHeight: Double, _ maxWidth: Double, _ maxHeight: Double)
        -> SizeRange {
        SizeRange(min: Size(minWidth, minHeight), max: Size(maxWidth, maxHeight))
    }

    private func leaf(at position: Point) -> Layout {
        Layout(element: "leaf", isNode: true, exactSize: Size(1, 1), position: position, sublayouts: [])
    }

    @Test func computedSpecsKeepTheInvariants() {
        // Given a stack of two fixed-size spacers, measured as a root (which checks it in debug builds)
        let spec = StackLayoutSpec.vertical(spacing: 3, children: [
            SpacerLayoutSpec().preferredSize(width: 30, height: 20.3), SpacerLayoutSpec().height(50),
        ])
        let range = sizeRange(0, 0, 100, 100)
        let measured = spec.layoutThatFits(range, context: LayoutContext(scale: 2))
        // Then the checker finds nothing either
        #expect(measured._invariantViolations(in: range, scale: 2).isEmpty)
    }

    @Test func aNonFinitePositionAtAnyDepthIsReported() {
        // Given a grandchild placed at NaN
        let tree = layout(10, 10, sublayouts: [layout(5, 5, sublayouts: [leaf(at: Point(.nan, 0))])])
        // Then the recursive check names it, and the direct-only check does not reach it
        let violations = tree._invariantViolations(scale: 2)
        #expect(violations.count == 1)
        #expect(violations.first?.contains("spec/0:spec/0:leaf") == true)
        #expect(tree._invariantViolations(scale: 2, recursive: false).isEmpty)
    }

    @Test func anInfinitePositionOfADirectSublayoutIsReported() {
        let tree = layout(10, 10, sublayouts: [leaf(at: Point(0, .infinity))])
        #expect(tree._invariantViolations(scale: 1, recursive: false).count == 1)
    }

    @Test func aCollapsedLayoutIsNotLookedInto() {
        // A zero size stands for an invalid one, whose sublayouts keep the spec's positions
        let collapsed = layout(0, 0, sublayouts: [leaf(at: Point(.infinity, 0))])
        #expect(collapsed._invariantViolations(scale: 2).isEmpty)
        #expect(layout(1, 0, sublayouts: [leaf(at: Point(.infinity, 0))])._invariantViolations(scale: 2).count == 1)
    }

    @Test func aSizeAboveTheSnappedMaxIsReported() {
        // max 10.2 at scale 2 snaps up to 10.5: 10.5 is within, 11 is not
        let range = sizeRange(0, 0, 10.2, 10.2)
        #expect(layout(10.5, 10.5)._invariantViolations(in: range, scale: 2).isEmpty)
        #expect(layout(11, 10)._invariantViolations(in: range, scale: 2).count == 1)
        #expect(layout(11, 11)._invariantViolations(in: range, scale: 2).count == 2)
    }

    @Test func aSizeBelowTheMinIsReportedUnlessZero() {
        let range = sizeRange(4, 4, 10, 10)
        #expect(layout(3, 4)._invariantViolations(in: range, scale: 1).count == 1)
        // Zero is what an invalid size becomes, so it is exempt from the min
        #expect(layout(0, 0)._invariantViolations(in: range, scale: 1).isEmpty)
    }

    @Test func aMinAboveTheMaxAllowsTheMin() {
        // Texture builds such ranges; clamping then gives the min
        let range = sizeRange(8, 8, 5, 5)
        #expect(layout(8, 8)._invariantViolations(in: range, scale: 1).isEmpty)
        #expect(layout(9, 8)._invariantViolations(in: range, scale: 1).count == 1)
    }

    @Test func aRangeBelowZeroAllowsOnlyZero() {
        // A range snapped below zero (an invalid one, as an extreme scale gives) can only give 0
        let range = sizeRange(-1e-7, -1e-7, -1e-7, -1e-7)
        #expect(layout(0, 0)._invariantViolations(in: range, scale: 1e300).isEmpty)
        #expect(layout(1, 0)._invariantViolations(in: range, scale: 1e300).count == 1)
    }

    @Test func roundingWithinAMillionthIsNotReported() {
        // A ratio spec at an extreme scale gives 0.49999976 for a min of 0.5
        let range = sizeRange(0.5, 0, 0.5, .infinity)
        #expect(layout(0.4999997615814209, 1)._invariantViolations(in: range, scale: 1e300).isEmpty)
        #expect(layout(0.4999, 1)._invariantViolations(in: range, scale: 1e300).count == 1)
    }
}
