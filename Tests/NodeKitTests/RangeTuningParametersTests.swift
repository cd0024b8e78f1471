import Testing
import LayoutCore
import NodeKit

@Suite struct RangeTuningParametersTests {
    @Test func defaultsPerModeAndRangeTypeMatchTexture() {
        let table = RangeTuningTable.default
        #expect(table[.full, .display] == RangeTuningParameters(1.0, 0.5))
        #expect(table[.full, .preload] == RangeTuningParameters(2.5, 1.5))
        #expect(table[.minimum, .display] == RangeTuningParameters(0.25, 0.25))
        #expect(table[.minimum, .preload] == RangeTuningParameters(0.5, 0.25))
        #expect(table[.visibleOnly, .display] == .zero)
        #expect(table[.visibleOnly, .preload] == .zero)
        #expect(table[.lowMemory, .display] == .zero)
        #expect(table[.lowMemory, .preload] == .zero)
    }

    @Test func pagerOverridesMatchTexture() {
        let table = RangeTuningTable.pager
        #expect(table[.minimum, .display] == .zero)
        #expect(table[.minimum, .preload] == RangeTuningParameters(1, 1))
        #expect(table[.full, .display] == RangeTuningParameters(1, 1))
        #expect(table[.full, .preload] == RangeTuningParameters(2, 2))
        #expect(table[.lowMemory, .preload] == .zero)
    }

    @Test func rawValuesMatchTexture() {
        #expect(RangeMode.unspecified.rawValue == -1)
        #expect(RangeMode.minimum.rawValue == 0)
        #expect(RangeMode.full.rawValue == 1)
        #expect(RangeMode.visibleOnly.rawValue == 2)
        #expect(RangeMode.lowMemory.rawValue == 3)
        #expect(RangeType.display.rawValue == 0)
        #expect(RangeType.preload.rawValue == 1)
    }

    @Test func settersWithoutAModeTargetFull() {
        var table = RangeTuningTable.default
        table[.display] = RangeTuningParameters(3, 2)
        #expect(table[.full, .display] == RangeTuningParameters(3, 2))
        #expect(table[.minimum, .display] == RangeTuningParameters(0.25, 0.25))
    }

    @Test func scrollingDownPutsLeadingBelowAndTrailingAbove() {
        // Given a 100×200 viewport at offset y 100 and Full display parameters (1.0 / 0.5)
        let rect = RangeTuningParameters(1.0, 0.5)
            .expand(Rect(0, 100, 100, 200), scrollableDirections: .vertical, scrollDirection: .down)
        // Then 0.5 × 200 above and 1.0 × 200 below
        #expect(rect == Rect(0, 0, 100, 500))
    }

    @Test func scrollingUpOrNotAtAllPutsLeadingAbove() {
        let parameters = RangeTuningParameters(1.0, 0.5)
        let up = parameters.expand(Rect(0, 100, 100, 200), scrollableDirections: .vertical, scrollDirection: .up)
        #expect(up == Rect(0, -100, 100, 500))
        let none = parameters.expand(Rect(0, 100, 100, 200), scrollableDirections: .vertical, scrollDirection: [])
        #expect(none == Rect(0, -100, 100, 500))
    }

    @Test func onlyScrollableAxesGrow() {
        let parameters = RangeTuningParameters(2.5, 1.5)
        let horizontal = parameters.expand(Rect(10, 0, 100, 50), scrollableDirections: .horizontal,
                                           scrollDirection: [.right, .down])
        #expect(horizontal == Rect(-140, 0, 500, 50))
        let left = parameters.expand(Rect(10, 0, 100, 50), scrollableDirections: .horizontal,
                                     scrollDirection: .left)
        #expect(left == Rect(-240, 0, 500, 50))
        let both = parameters.expand(Rect(0, 0, 100, 50), scrollableDirections: [.horizontal, .vertical],
                                     scrollDirection: [.left, .down])
        #expect(both == Rect(-250, -75, 500, 250))
    }

    @Test func scrollDirectionFromVelocity() {
        #expect(ScrollDirection.from(velocity: Point(0, -3)) == .down)
        #expect(ScrollDirection.from(velocity: Point(0, 3)) == .up)
        #expect(ScrollDirection.from(velocity: Point(-1, 0)) == .right)
        #expect(ScrollDirection.from(velocity: Point(1, 1)) == [.left, .up])
        #expect(ScrollDirection.from(velocity: Point(1, 1), scrollableDirections: .vertical) == .up)
        #expect(ScrollDirection.from(velocity: Point(0, 0)) == [])
        #expect(ScrollDirection.from(velocity: Point(0, -3), flippedVertically: true) == .up)
        #expect(ScrollDirection.from(velocity: Point(-1, 0), flippedHorizontally: true) == .left)
    }
}
