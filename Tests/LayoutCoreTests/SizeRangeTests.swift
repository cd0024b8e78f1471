import Testing
import LayoutCore

@Suite struct SizeRangeTests {
    func range(_ minW: Double, _ minH: Double, _ maxW: Double, _ maxH: Double) -> SizeRange {
        SizeRange(min: Size(minW, minH), max: Size(maxW, maxH))
    }

    @Test func intersectOverlapping() {
        // DIM-06, DIM-07, DIM-08
        #expect(range(0, 0, 10, 10).intersect(range(7, 7, 15, 15)) == range(7, 7, 10, 10))
        #expect(range(2, 2, 8, 8).intersect(range(0, 0, 10, 10)) == range(2, 2, 8, 8))
        #expect(range(0, 0, 10, 10).intersect(range(2, 2, 8, 8)) == range(2, 2, 8, 8))
    }

    @Test func intersectDisjointCollapsesToSelf() {
        // DIM-09: other lies to the right; DIM-10: other lies to the left.
        #expect(range(0, 0, 5, 5).intersect(range(10, 10, 15, 15)) == range(5, 5, 5, 5))
        #expect(range(10, 10, 15, 15).intersect(range(0, 0, 5, 5)) == range(10, 10, 10, 10))
    }

    @Test func clampLetsMinWinWhenInverted() {
        #expect(range(0, 0, 10, 10).clamp(Size(20, -5)) == Size(10, 0))
        #expect(range(30, 0, 10, 10).clamp(Size(20, 5)) == Size(30, 5))
    }

    @Test func validation() {
        #expect(SizeRange.validated(min: Size(0, 0), max: Size(.infinity, 10)) != nil)
        #expect(SizeRange.validated(min: Size(.infinity, 0), max: Size(.infinity, 10)) == nil)
        #expect(SizeRange.validated(min: Size(5, 0), max: Size(4, 10)) == nil)
        #expect(SizeRange.validated(min: Size(0, 0), max: Size(.nan, 10)) == nil)
    }

    @Test func descriptionMatchesTexture() {
        #expect(SizeRange(exactly: Size(10, 1)).description == "{{10, 1}}")
        #expect(range(0, 0, .infinity, 1).description == "{{0, 0}, {inf, 1}}")
    }

    @Test func nanParentSizesNeverCompareEqual() {
        #expect(Size.undefined != Size.undefined)
    }
}
