import LayoutCore
import Testing
import LayoutTestSupport
import NodeTestSupport

/// Frames derived from semantics §3.9: the corner's centre on the child's corner, plus offset;
/// wrapsCorner takes the union and shifts it to the origin.
@Suite struct CornerLayoutSpecTests {
    private func spec(_ location: CornerLocation, offset: Point = .zero, wraps: Bool = false,
                      badge: (Double, Double) = (20, 10)) -> CornerLayoutSpec {
        CornerLayoutSpec(child: node("child", 60, 40), corner: node("badge", badge.0, badge.1), location: location,
                         offset: offset, wrapsCorner: wraps)
    }

    @Test(arguments: [
        (CornerLocation.topLeft, Rect(-10, -5, 20, 10)),
        (.topRight, Rect(50, -5, 20, 10)),
        (.bottomLeft, Rect(-10, 35, 20, 10)),
        (.bottomRight, Rect(50, 35, 20, 10)),
    ])
    func cornerIsCentredOnTheChildsCorner(location: CornerLocation, badge: Rect) {
        // Badge 20 × 10: origin = corner − (10, 5). Spec = child size; the badge sticks out.
        let layout = measureHost(spec(location), sizeRange(0, 0, 100, 100))
        #expect(layout.sublayouts.map(\.element) == ["child", "badge"])
        #expect(frames(layout) == [Rect(0, 0, 60, 40), badge])
        #expect(layout.size == Size(60, 40))
    }

    @Test func offsetMovesTheCorner() {
        // Top right (60, 0) − (10, 5) + (−4, 4) = (46, −1).
        let layout = measureHost(spec(.topRight, offset: Point(-4, 4)), sizeRange(0, 0, 100, 100))
        #expect(framesByID(layout)["badge"] == Rect(46, -1, 20, 10))
    }

    @Test func wrapsCornerTakesTheUnionAndShiftsIt() {
        // Top right: union of (0,0,60,40) and (50,−5,20,10) = (0,−5,70,45) → size 70 × 45,
        // shifted by (0, 5).
        let layout = measureHost(spec(.topRight, wraps: true), sizeRange(0, 0, 100, 100))
        #expect(frames(layout) == [Rect(0, 5, 60, 40), Rect(50, 0, 20, 10)])
        #expect(layout.size == Size(70, 45))
    }

    @Test func wrapsBottomLeftShiftsRight() {
        // Badge at (−10, 35): union (−10, 0, 70, 45) → shift (10, 0).
        let layout = measureHost(spec(.bottomLeft, wraps: true), sizeRange(0, 0, 100, 100))
        #expect(frames(layout) == [Rect(10, 0, 60, 40), Rect(0, 35, 20, 10)])
        #expect(layout.size == Size(70, 45))
    }

    @Test func wrappedSizeIsClampedButPositionsStillShift() {
        // Union 70 × 45 clamped to the max width 65; the shift (0, 5) is unchanged.
        let layout = measureHost(spec(.topRight, wraps: true), sizeRange(0, 0, 65, 100))
        #expect(layout.size == Size(65, 45))
        #expect(frames(layout) == [Rect(0, 5, 60, 40), Rect(50, 0, 20, 10)])
    }

    @Test(arguments: [1.0, 2.0, 3.0])
    func halfCornerSizesAreSnappedWhenFlattened(scale: Double) {
        // Badge 15 × 15 at top right: raw (52.5, −7.5). Ceiled by flattening:
        // 1x → (53, −7); 2x → (52.5, −7.5); 3x → (158 px, −22 px).
        let layout = measureHost(spec(.topRight, badge: (15, 15)), sizeRange(0, 0, 100, 100),
                                 context: LayoutContext(scale: scale))
        let expected: [Double: Point] = [1: Point(53, -7), 2: Point(52.5, -7.5), 3: Point(158.0 / 3, -22.0 / 3)]
        #expect(framesByID(layout)["badge"] == Rect(origin: expected[scale]!, size: Size(15, 15)))
    }

    @Test func bothChildrenGetTheWholeConstraint() {
        // Plain nodes fill the max; the corner is then as big as the child.
        let spec = CornerLayoutSpec(child: plainNode("child"), corner: plainNode("badge"), location: .bottomRight)
        let layout = measureHost(spec, sizeRange(0, 0, 40, 20))
        #expect(frames(layout) == [Rect(0, 0, 40, 20), Rect(20, 10, 40, 20)])
    }

    @Test func honoursItsOwnStyleSize() {
        var style = LayoutStyle()
        style.maxWidth = .points(30)
        let spec = CornerLayoutSpec(child: plainNode("child"), corner: node("badge", 10, 10), location: .topLeft,
                                    style: style)
        let layout = measureHost(spec, sizeRange(0, 0, 100, 20))
        #expect(layout.size == Size(30, 20))
        #expect(spec.layoutThatFits(sizeRange(0, 0, 100, 20), context: .scale2).element == "corner")
    }
}
