import Testing
import LayoutCore
import LayoutTestSupport
import NodeTestSupport

/// flexWrap, alignContent and lineSpacing (semantics §3.1.5, §3.1.7, §3.1.8, §3.1.11).
@Suite struct StackLayoutSpecWrapTests {
    func wrapping(_ children: [any LayoutElement], direction: StackDirection = .horizontal, spacing: Double = 0,
                  justify: StackJustifyContent = .start, alignItems: StackAlignItems = .start,
                  alignContent: StackAlignContent = .start, lineSpacing: Double = 0) -> StackLayoutSpec {
        StackLayoutSpec(direction: direction, spacing: spacing, justifyContent: justify, alignItems: alignItems,
                        flexWrap: .wrap, alignContent: alignContent, lineSpacing: lineSpacing, children: children)
    }

    /// a 40×10, b 40×20, c 20×10, d 50×15.
    func fourLeaves() -> [any LayoutElement] {
        [node("a", 40, 10), node("b", 40, 20), node("c", 20, 10), node("d", 50, 15)]
    }

    let upTo100 = sizeRange(0, 0, 100, inf)

    @Test func lineThatExactlyFitsTheMaxIsNotBroken() {
        // 40 + 40 + 20 = 100 fits (equality); d starts line 2 at the height of line 1 (20).
        let layout = measure(wrapping(fourLeaves()), upTo100)
        #expect(frames(layout) == [Rect(0, 0, 40, 10), Rect(40, 0, 40, 20), Rect(80, 0, 20, 10), Rect(0, 20, 50, 15)])
        // Lines are not clamped: 20 + 15.
        #expect(layout.size == Size(100, 35))
    }

    @Test func lineSpacingSeparatesLines() {
        let layout = measure(wrapping(fourLeaves(), lineSpacing: 5), upTo100)
        #expect(frames(layout)[3] == Rect(0, 25, 50, 15))
        #expect(layout.size == Size(100, 40))
    }

    @Test func spacingCountsWhenBreaking() {
        // spacing 10: a, b = 90; + 10 + 20 = 120 > 100 → c, d on line 2 (20 + 10 + 50 = 80).
        let layout = measure(wrapping(fourLeaves(), spacing: 10), upTo100)
        #expect(frames(layout) == [Rect(0, 0, 40, 10), Rect(50, 0, 40, 20), Rect(0, 20, 20, 10), Rect(30, 20, 50, 15)])
        #expect(layout.size == Size(90, 35))
    }

    @Test func spacingBeforeAndAfterCountWhenBreaking() {
        // a 40 + after 10 + b 50 = 100 fits; with after 11 it is 101 and b wraps.
        let fits = wrapping([leaf("a", 40, 10) { $0.spacingAfter = 10 }, node("b", 50, 10)])
        #expect(frames(measure(fits, upTo100)) == [Rect(0, 0, 40, 10), Rect(50, 0, 50, 10)])
        let breaks = wrapping([leaf("a", 40, 10) { $0.spacingAfter = 11 }, node("b", 50, 10)])
        #expect(frames(measure(breaks, upTo100)) == [Rect(0, 0, 40, 10), Rect(0, 10, 50, 10)])
    }

    @Test func itemWiderThanTheMaxGetsItsOwnLine() {
        let spec = wrapping([node("a", 40, 10), node("b", 120, 10), node("c", 30, 10)])
        let layout = measure(spec, upTo100)
        #expect(frames(layout) == [Rect(0, 0, 40, 10), Rect(0, 10, 120, 10), Rect(0, 20, 30, 10)])
        // The widest line (120) is clamped to the max.
        #expect(layout.size == Size(100, 30))
    }

    @Test func eachLineFlexesOnItsOwn() {
        // Exactly 100 wide: line 1 (a, b) = 80 → a grows 20; line 2 (c, d) = 80 → c grows 20.
        let spec = wrapping([leaf("a", 40, 10) { $0.flexGrow = 1 }, node("b", 40, 20),
                             leaf("c", 30, 10) { $0.flexGrow = 1 }, node("d", 50, 15)])
        let layout = measure(spec, sizeRange(100, 0, 100, inf))
        #expect(frames(layout) == [Rect(0, 0, 60, 10), Rect(60, 0, 40, 20), Rect(0, 20, 50, 10), Rect(50, 20, 50, 15)])
        #expect(layout.size == Size(100, 35))
    }

    @Test func eachLineIsJustifiedOnItsOwn() {
        // Exactly 100 wide, end: both lines have 20 of room.
        let spec = wrapping([node("a", 40, 10), node("b", 40, 20), node("c", 30, 10), node("d", 50, 15)],
                            justify: .end)
        #expect(frames(measure(spec, sizeRange(100, 0, 100, inf))).map(\.origin)
            == [Point(20, 0), Point(60, 0), Point(20, 20), Point(50, 20)])
    }

    @Test func verticalWrapMakesColumns() {
        // Max height 100: a, b (80) in column 1 (20 wide); c (30) in column 2.
        let spec = wrapping([node("a", 10, 40), node("b", 20, 40), node("c", 10, 30)], direction: .vertical)
        let layout = measure(spec, sizeRange(0, 0, inf, 100))
        #expect(frames(layout) == [Rect(0, 0, 10, 40), Rect(0, 40, 20, 40), Rect(20, 0, 10, 30)])
        #expect(layout.size == Size(30, 80))
    }

    // MARK: - alignContent

    /// One 60-wide leaf per line (heights 10, 20, 30) in exactly 100 tall: 40 of cross room.
    func threeLines(_ alignContent: StackAlignContent, lineSpacing: Double = 0) -> StackLayoutSpec {
        wrapping([node("a", 60, 10), node("b", 60, 20), node("c", 60, 30)], alignContent: alignContent,
                 lineSpacing: lineSpacing)
    }

    let height100 = sizeRange(0, 100, 100, 100)

    @Test func alignContentStartCenterEnd() {
        #expect(frames(measure(threeLines(.start), height100)).map(\.minY) == [0, 10, 30])
        #expect(frames(measure(threeLines(.center), height100)).map(\.minY) == [20, 30, 50])
        #expect(frames(measure(threeLines(.end), height100)).map(\.minY) == [40, 50, 70])
        #expect(measure(threeLines(.end), height100).size == Size(60, 100))
    }

    @Test func alignContentSpaceBetween() {
        // gap 40/2 = 20.
        #expect(frames(measure(threeLines(.spaceBetween), height100)).map(\.minY) == [0, 30, 70])
        // lineSpacing 5 is part of the sum: room 30, gap 15 → 0, 10+15+5, 30+20+20.
        #expect(frames(measure(threeLines(.spaceBetween, lineSpacing: 5), height100)).map(\.minY) == [0, 30, 70])
        #expect(frames(measure(threeLines(.end, lineSpacing: 5), height100)).map(\.minY) == [30, 45, 70])
    }

    @Test func alignContentSpaceAround() {
        // unit 40/6 = 6.667, gap 13.333: 6.667, 30, 63.333.
        // S=1 7, 30, 64; S=2 7 (13.33→14/2), 30, 63.5; S=3 20/3, 30, 190/3.
        let expected: [[Double]] = [[7, 30, 64], [7, 30, 63.5], [20.0 / 3, 30, 190.0 / 3]]
        for (context, ys) in zip(scales, expected) {
            #expect(frames(measure(threeLines(.spaceAround), height100, context)).map(\.minY) == ys)
        }
    }

    @Test func alignContentStretchGrowsLinesNotStartAlignedItems() {
        // 40 / 3 lines = 13.333 more each: lines 23.333, 33.333, 43.333 → y 0, 23.333, 56.667.
        // S=1 0, 24, 57; S=2 0, 23.5, 57; S=3 0, 70/3, 170/3. Items keep their heights.
        let expected: [[Double]] = [[0, 24, 57], [0, 23.5, 57], [0, 70.0 / 3, 170.0 / 3]]
        for (context, ys) in zip(scales, expected) {
            let layout = measure(threeLines(.stretch), height100, context)
            #expect(frames(layout).map(\.minY) == ys)
            #expect(frames(layout).map(\.size.height) == [10, 20, 30])
            #expect(layout.size == Size(60, 100))
        }
    }

    @Test func alignContentStretchThenItemsStretchToTheirLines() {
        // Plain nodes 60 wide with minHeight 5 in {0,100}-{100,∞}: the unbounded max makes each
        // 5 tall at first; lines 5 each, 85 of room → 33.333 per line; stretching re-measures
        // each with [5, 33.333] (own min kept) and a plain node fills that max.
        // S=1: 34 tall at 0, 34, 67. S=2: 33.5 at 0, 33.5, 67. S=3: 100/3 at 0, 100/3, 200/3.
        let children = ["a", "b", "c"].map { id in
            plainLeaf(LayoutElementID(id)) { $0.width = .points(60); $0.minHeight = .points(5) }
        }
        let spec = wrapping(children, alignItems: .stretch, alignContent: .stretch)
        let expected: [(height: Double, ys: [Double])] = [(34, [0, 34, 67]), (33.5, [0, 33.5, 67]),
                                                          (100.0 / 3, [0, 100.0 / 3, 200.0 / 3])]
        for (context, (height, ys)) in zip(scales, expected) {
            let layout = measure(spec, sizeRange(0, 100, 100, inf), context)
            #expect(frames(layout) == ys.map { Rect(0, $0, 60, height) }, "scale \(context.scale)")
            #expect(layout.size == Size(60, 100))
        }
    }

    @Test func overflowingLinesAreNotClampedAndCenterGoesNegative() {
        // 60 of lines in at most 40: room −20. Start stays at 0; Center and SpaceAround
        // (falling back to Center) start at −10; SpaceBetween falls back to Start.
        let short = sizeRange(0, 0, 100, 40)
        #expect(frames(measure(threeLines(.start), short)).map(\.minY) == [0, 10, 30])
        #expect(frames(measure(threeLines(.center), short)).map(\.minY) == [-10, 0, 20])
        #expect(frames(measure(threeLines(.spaceAround), short)).map(\.minY) == [-10, 0, 20])
        #expect(frames(measure(threeLines(.spaceBetween), short)).map(\.minY) == [0, 10, 30])
        #expect(measure(threeLines(.start), short).size == Size(60, 40))
    }

    @Test func singleLineIsClampedAndAlignContentHasNothingToDo() {
        // One line (60 + 30 ≤ 100): its cross 20 is clamped up to the min 50, so no room is
        // left for alignContent; alignItems end aligns inside the clamped line.
        let spec = wrapping([node("a", 60, 10), node("b", 30, 20)], alignItems: .end, alignContent: .center)
        let layout = measure(spec, sizeRange(0, 50, 100, 200))
        #expect(frames(layout) == [Rect(0, 40, 60, 10), Rect(60, 30, 30, 20)])
        #expect(layout.size == Size(90, 50))
        // alignContent stretch leaves a single line alone: it already is clamped to 50.
        let stretch = wrapping([node("a", 60, 10), node("b", 30, 20)], alignContent: .stretch)
        #expect(measure(stretch, sizeRange(0, 50, 100, 200)).size == Size(90, 50))
    }

    @Test func itemsStretchToTheirOwnLine() {
        // Max 100 wide, alignItems stretch: lines [a], [b], [c, d]. a (plain, 60 wide) has an
        // unbounded cross max so it is 0 tall and so is its line; c stretches to d's 35.
        let spec = wrapping([plainLeaf("a") { $0.width = .points(60) }, node("b", 60, 20),
                             plainLeaf("c") { $0.width = .points(60) }, node("d", 40, 35)], alignItems: .stretch)
        let layout = measure(spec, upTo100)
        #expect(frames(layout) == [Rect(0, 0, 60, 0), Rect(0, 0, 60, 20), Rect(0, 20, 60, 35), Rect(60, 20, 40, 35)])
        #expect(layout.size == Size(100, 55))
    }
}
