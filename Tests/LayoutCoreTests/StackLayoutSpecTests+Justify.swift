import Testing
import LayoutCore
import LayoutTestSupport
import NodeTestSupport

/// justifyContent (semantics §3.1.11): distribution along the stack axis against the constraint.
@Suite struct StackLayoutSpecJustifyTests {
    /// Three 50 × 50 leaves in a horizontal stack, alignItems start.
    func threeSquares(_ justify: StackJustifyContent, direction: StackDirection = .horizontal,
                      spacing: Double = 0) -> StackLayoutSpec {
        StackLayoutSpec(direction: direction, spacing: spacing, justifyContent: justify, alignItems: .start,
                        children: [node("a", 50, 50), node("b", 50, 50), node("c", 50, 50)])
    }

    /// Width exactly 305, height free.
    let width305 = sizeRange(305, 0, 305, inf)

    @Test func startPacksFromTheStart() {
        // Given 150pt of children in 305pt
        for context in scales {
            let layout = measure(threeSquares(.start), width305, context)
            // Then they sit at 0, 50, 100; the stack takes the constraint's width
            #expect(layout.size == Size(305, 50))
            #expect(frames(layout) == [Rect(0, 0, 50, 50), Rect(50, 0, 50, 50), Rect(100, 0, 50, 50)])
        }
    }

    @Test func centerSharesHalfTheRoom() {
        // room 155 → offset 77.5: 77.5, 127.5, 177.5, ceiled to the pixel grid when flattened.
        // S=1: 78, 128, 178. S=2: exact. S=3: 232.5→233/3, 382.5→383/3, 532.5→533/3.
        let expected: [[Double]] = [[78, 128, 178], [77.5, 127.5, 177.5], [233.0 / 3, 383.0 / 3, 533.0 / 3]]
        for (context, xs) in zip(scales, expected) {
            let layout = measure(threeSquares(.center), width305, context)
            #expect(frames(layout).map(\.minX) == xs, "scale \(context.scale)")
        }
    }

    @Test func endPutsTheRoomFirst() {
        let layout = measure(threeSquares(.end), width305)
        #expect(frames(layout).map(\.minX) == [155, 205, 255])
    }

    @Test func spaceBetweenSplitsTheRoomBetweenItems() {
        // gap 155/2 = 77.5: 0, 127.5, 255. S=1: 128. S=3: 382.5 → 383/3.
        let expected: [[Double]] = [[0, 128, 255], [0, 127.5, 255], [0, 383.0 / 3, 255]]
        for (context, xs) in zip(scales, expected) {
            #expect(frames(measure(threeSquares(.spaceBetween), width305, context)).map(\.minX) == xs)
        }
    }

    @Test func spaceAroundGivesHalfGapsAtTheEdges() {
        // unit 155/6 = 25.833: 25.833, 25.833+50+51.667 = 127.5, 229.1667.
        // S=1: 26, 128, 230. S=2 (Texture's snapshot): 26, 127.5, 229.5. S=3: 78/3, 383/3, 688/3.
        let expected: [[Double]] = [[26, 128, 230], [26, 127.5, 229.5], [26, 383.0 / 3, 688.0 / 3]]
        for (context, xs) in zip(scales, expected) {
            let layout = measure(threeSquares(.spaceAround), width305, context)
            #expect(frames(layout).map(\.minX) == xs, "scale \(context.scale)")
            #expect(layout.size == Size(305, 50))
        }
    }

    @Test func verticalSpaceAroundDistributesAlongTheHeight() {
        // Same numbers on the y axis of a vertical stack 305 tall.
        let layout = measure(threeSquares(.spaceAround, direction: .vertical), sizeRange(0, 305, inf, 305))
        #expect(frames(layout) == [Rect(0, 26, 50, 50), Rect(0, 127.5, 50, 50), Rect(0, 229.5, 50, 50)])
        #expect(layout.size == Size(50, 305))
    }

    @Test func spacingIsPartOfTheDistributedSum() {
        // spacing 5: sum 160, room 145, gap 72.5 → 0, 50+5+72.5 = 127.5, 255.
        let layout = measure(threeSquares(.spaceBetween, spacing: 5), width305)
        #expect(frames(layout).map(\.minX) == [0, 127.5, 255])
        // Center with spacing 5: offset 72.5 → 72.5, 127.5, 182.5.
        #expect(frames(measure(threeSquares(.center, spacing: 5), width305)).map(\.minX) == [72.5, 127.5, 182.5])
    }

    @Test func singleItemFallsBackFromSpaceBetweenToStartAndSpaceAroundToCenter() {
        let one: [any LayoutElement] = [node("a", 50, 50)]
        let between = StackLayoutSpec(justifyContent: .spaceBetween, alignItems: .start, children: one)
        let around = StackLayoutSpec(justifyContent: .spaceAround, alignItems: .start, children: one)
        #expect(frames(measure(between, width305)) == [Rect(0, 0, 50, 50)])
        // room 255 → center 127.5
        #expect(frames(measure(around, width305)) == [Rect(127.5, 0, 50, 50)])
    }

    @Test func overflowCentersWithNegativeOffsets() {
        // 150pt in exactly 125: room −25 → offset −12.5: −12.5, 37.5, 87.5.
        // Ceiling: S=1 −12, 38, 88. S=3: −37.5→−37/3, 112.5→113/3, 262.5→263/3.
        let range = sizeRange(125, 0, 125, inf)
        let expected: [[Double]] = [[-12, 38, 88], [-12.5, 37.5, 87.5], [-37.0 / 3, 113.0 / 3, 263.0 / 3]]
        for (context, xs) in zip(scales, expected) {
            let layout = measure(threeSquares(.center), range, context)
            #expect(frames(layout).map(\.minX) == xs, "scale \(context.scale)")
            // The stack reports the clamped size; children overflow both sides.
            #expect(layout.size == Size(125, 50))
        }
    }

    @Test func overflowSpaceBetweenFallsBackToStartAndSpaceAroundToCenter() {
        let range = sizeRange(120, 0, 120, inf)
        #expect(frames(measure(threeSquares(.spaceBetween), range)).map(\.minX) == [0, 50, 100])
        // room −30 → center offset −15
        #expect(frames(measure(threeSquares(.spaceAround), range)).map(\.minX) == [-15, 35, 85])
        #expect(frames(measure(threeSquares(.end), range)).map(\.minX) == [-30, 20, 70])
    }

    @Test func unboundedMaxWithZeroMinLeavesNothingToDistribute() {
        // violation 0 within {0}-{∞}: End and SpaceAround look like Start.
        for justify in [StackJustifyContent.end, .spaceAround, .center] {
            let layout = measure(threeSquares(justify), .unconstrained)
            #expect(frames(layout).map(\.minX) == [0, 50, 100])
            #expect(layout.size == Size(150, 50))
        }
    }

    @Test func distributionUsesTheMinNotTheFinalSizeWhenUnderfilled() {
        // {200}-{400}: sum 150 < min 200 → room 50; End → 50, 100, 150; size clamps to 200.
        let range = sizeRange(200, 0, 400, inf)
        let layout = measure(threeSquares(.end), range)
        #expect(frames(layout).map(\.minX) == [50, 100, 150])
        #expect(layout.size == Size(200, 50))
        // Within [min, max] there is no room at all: 250 of children in {200}-{400} stay put.
        let wide = StackLayoutSpec(justifyContent: .end, alignItems: .start,
                                   children: [node("a", 100, 10), node("b", 150, 10)])
        #expect(frames(measure(wide, range)).map(\.minX) == [0, 100])
    }

    @Test func stackStyleSizeBecomesTheConstraint() {
        // The stack honours its own style: width 305pt in an unconstrained host.
        var style = LayoutStyle()
        style.width = .points(305)
        let spec = StackLayoutSpec(justifyContent: .spaceAround, alignItems: .start,
                                   children: [node("a", 50, 50), node("b", 50, 50), node("c", 50, 50)], style: style)
        let layout = measure(spec, .unconstrained)
        #expect(frames(layout).map(\.minX) == [26, 127.5, 229.5])
        #expect(layout.size == Size(305, 50))
    }
}
