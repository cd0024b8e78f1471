import Testing
import LayoutCore
import NodeKit
import LayoutTestSupport
import NodeTestSupport

/// A vertical list of `count` cells, 100 × 100 each, stacked from y 0, with a 100 × 100 viewport:
/// one screenful is one cell, so the range arithmetic is easy to follow.
private struct Feed {
    let nodes: [DisplayNode]
    let elements: [RangeElement]

    init(count: Int = 20, frames: (Int) -> Rect = { Rect(0, Double($0) * 100, 100, 100) }) {
        nodes = (0..<count).map { DisplayNode(id: LayoutElementID("c\($0)")) }
        elements = nodes.enumerated().map { index, node in
            RangeElement(path: ItemPath(0, index), frame: frames(index), node: node)
        }
    }

    func states() -> [InterfaceState] { nodes.map(\.interfaceState) }

    static func viewport(_ y: Double) -> Viewport { Viewport(size: Size(100, 100), contentOffset: Point(0, y)) }
}

private func paths(_ items: Int...) -> Set<ItemPath> { Set(items.map { ItemPath(0, $0) }) }

private let all: InterfaceState = [.measureLayout, .preload, .display, .visible]
private let preloadDisplay: InterfaceState = [.measureLayout, .preload, .display]
private let preloadOnly: InterfaceState = [.measureLayout, .preload]

@Suite struct RangeControllerTests {
    @Test func firstUpdateUsesMinimumAndTouchesEveryAllocatedCell() {
        let feed = Feed(count: 5)
        let controller = RangeController()
        let log = InterfaceStateLog(observing: feed.nodes)
        let update = controller.update(viewport: Feed.viewport(0), scrollDirection: [], elements: feed.elements)
        #expect(update.mode == .minimum)
        #expect(update.scrollDirection == [.down, .right])
        // Minimum display 0.25/0.25 covers y -25…125, preload 0.5/0.25 covers y -25…150
        #expect(update.visible == paths(0))
        #expect(update.display == paths(0, 1))
        #expect(update.preload == paths(0, 1))
        #expect(feed.states() == [all, preloadDisplay, .measureLayout, .measureLayout, .measureLayout])
        #expect(log.drain() == [
            "c0 enterPreload", "c0 enterDisplay", "c0 enterVisible",
            "c0 change measureLayout|preload|display|visible <- none",
            "c1 enterPreload", "c1 enterDisplay", "c1 change measureLayout|preload|display <- none",
            "c2 change measureLayout <- none", "c3 change measureLayout <- none", "c4 change measureLayout <- none",
        ])
        #expect(feed.nodes.allSatisfy { $0.isRangeManaged })
    }

    @Test func scrollingDownMovesCellsThroughTheRangesInFullMode() {
        let feed = Feed()
        let controller = RangeController()
        controller.update(viewport: Feed.viewport(0), scrollDirection: [], elements: feed.elements)
        let log = InterfaceStateLog(observing: Array(feed.nodes[0...9]))

        // When the user scrolls down to y 150
        let second = controller.update(viewport: Feed.viewport(150), scrollDirection: .down, elements: feed.elements)
        // Then the visible container switches to Full: display y 100…350, preload y 0…500
        #expect(second.mode == .full)
        #expect(second.visible == paths(1, 2))
        #expect(second.display == paths(1, 2, 3))
        #expect(second.preload == paths(0, 1, 2, 3, 4))
        #expect(Array(feed.states()[0...5]) == [preloadOnly, all, all, preloadDisplay, preloadOnly, .measureLayout])
        // Visited as Texture visits them: visible, then display, then preload (NodeLifecycleTests)
        #expect(log.drain() == [
            "c1 enterVisible", "c1 change measureLayout|preload|display|visible <- measureLayout|preload|display",
            "c2 enterPreload", "c2 enterDisplay", "c2 enterVisible",
            "c2 change measureLayout|preload|display|visible <- measureLayout",
            "c3 enterPreload", "c3 enterDisplay", "c3 change measureLayout|preload|display <- measureLayout",
            "c0 exitDisplay", "c0 exitVisible",
            "c0 change measureLayout|preload <- measureLayout|preload|display|visible",
            "c4 enterPreload", "c4 change measureLayout|preload <- measureLayout",
        ])

        // When it scrolls on to y 600: visible 6, display 5…7, preload 4…9
        let third = controller.update(viewport: Feed.viewport(600), scrollDirection: .down, elements: feed.elements)
        #expect(third.display == paths(5, 6, 7))
        #expect(third.preload == paths(4, 5, 6, 7, 8, 9))
        // Then cells that left every range drop to measureLayout, exits firing preload, display, visible
        let events = log.drain()
        var visitOrder: [Substring] = []
        for cell in events.map({ $0.prefix { $0 != " " } }) where !visitOrder.contains(cell) { visitOrder.append(cell) }
        #expect(visitOrder == ["c6", "c5", "c7", "c8", "c9", "c0", "c1", "c2", "c3"])
        #expect(Array(events.filter { ["c0", "c1", "c2"].contains($0.prefix { $0 != " " }) }.prefix(9)) == [
            "c0 exitPreload", "c0 change measureLayout <- measureLayout|preload",
            "c1 exitPreload", "c1 exitDisplay", "c1 exitVisible",
            "c1 change measureLayout <- measureLayout|preload|display|visible",
            "c2 exitPreload", "c2 exitDisplay", "c2 exitVisible",
        ])
        #expect(Array(feed.states()[0...10]) == [
            .measureLayout, .measureLayout, .measureLayout, .measureLayout, preloadOnly,
            preloadDisplay, all, preloadDisplay, preloadOnly, preloadOnly, .measureLayout,
        ])
    }

    @Test func scrollingUpSwapsLeadingAndTrailing() {
        let feed = Feed()
        let controller = RangeController()
        controller.update(viewport: Feed.viewport(1000), scrollDirection: [], elements: feed.elements)
        let update = controller.update(viewport: Feed.viewport(1050), scrollDirection: .up, elements: feed.elements)
        // Full while scrolling up: display y 950…1200 (leading above), preload y 800…1300
        #expect(update.mode == .full)
        #expect(update.display == paths(9, 10, 11))
        #expect(update.preload == paths(8, 9, 10, 11, 12))
    }

    @Test func withoutScrollingTheModeStaysMinimum() {
        let feed = Feed()
        let controller = RangeController()
        controller.update(viewport: Feed.viewport(0), scrollDirection: [], elements: feed.elements)
        let again = controller.update(viewport: Feed.viewport(0), scrollDirection: .down, elements: feed.elements)
        #expect(again.mode == .minimum)
        #expect(again.changedStates.isEmpty)
    }

    @Test func fullAndMinimumCoverDifferentCellsForTheSameViewport() {
        let feed = Feed()
        let controller = RangeController()
        controller.update(viewport: Feed.viewport(0), scrollDirection: [], elements: feed.elements)
        let full = controller.update(viewport: Feed.viewport(500), scrollDirection: .down, elements: feed.elements)
        #expect(full.mode == .full)
        #expect(full.display == paths(4, 5, 6))
        #expect(full.preload == paths(3, 4, 5, 6, 7, 8))
        controller.updateCurrentRange(with: .minimum)
        let minimum = controller.update(viewport: Feed.viewport(500), scrollDirection: .down, elements: feed.elements)
        #expect(minimum.mode == .minimum)
        #expect(minimum.display == paths(4, 5, 6))   // y 475…625
        #expect(minimum.preload == paths(4, 5, 6))
        #expect(feed.nodes[3].interfaceState == .measureLayout)
        #expect(feed.nodes[7].interfaceState == .measureLayout)
        #expect(feed.nodes[4].interfaceState == [.measureLayout, .preload, .display])
        // The pinned mode lasts one update: the next scroll goes back to Full
        let next = controller.update(viewport: Feed.viewport(510), scrollDirection: .down, elements: feed.elements)
        #expect(next.mode == .full)
    }

    @Test(arguments: [Layout.column, .grid, .masonry])
    func aListInAnyOrderGetsTheStatesAndCallbacksOfThePathOrderedOne(_ layout: Layout) {
        // Given two equal lists of cells, one in path order, prepared once as a RangeList, and
        // one in reverse order, given afresh to each update
        let ordered = Feed(frames: layout.frames), reversed = Feed(frames: layout.frames)
        let orderedList = RangeList(ordered.elements)
        let orderedLog = InterfaceStateLog(observing: ordered.nodes)
        let reversedLog = InterfaceStateLog(observing: reversed.nodes)
        let orderedRanges = RangeController(), reversedRanges = RangeController()
        // When both scroll the same way, and the range is invalidated on the way
        for (step, y) in [0.0, 150, 600, 620, 800, 2000].enumerated() {
            if step == 3 {
                orderedRanges.invalidateRange()
                reversedRanges.invalidateRange()
            }
            let direction: ScrollDirection = step == 0 ? [] : .down
            let one = orderedRanges.update(viewport: Feed.viewport(y), scrollDirection: direction, list: orderedList)
            let other = reversedRanges.update(viewport: Feed.viewport(y), scrollDirection: direction,
                                              elements: reversed.elements.reversed())
            // Then every update finds the same ranges, changes the same cells in the same order
            #expect(one.visible.isEmpty == (y == 2000))  // the last viewport is below every cell
            #expect(other.visible == one.visible && other.display == one.display && other.preload == one.preload)
            #expect(other.changedStates == one.changedStates)
            #expect(reversedLog.drain() == orderedLog.drain())
            #expect(reversed.states() == ordered.states())
        }
    }

    /// Cell layouts: a column (frames stacked top to bottom), a grid of two columns (still
    /// stacked, side by side) and two columns of uneven heights (not stacked).
    enum Layout: CaseIterable {
        case column, grid, masonry

        func frames(_ index: Int) -> Rect {
            switch self {
            case .column: return Rect(0, Double(index) * 100, 100, 100)
            case .grid: return Rect(Double(index % 2) * 50, Double(index / 2) * 100, 50, 100)
            case .masonry:
                let height = index % 3 == 0 ? 150.0 : 50
                let top = (0..<index).filter { $0 % 2 == index % 2 }.reduce(0.0) { $0 + ($1 % 3 == 0 ? 150 : 50) }
                return Rect(Double(index % 2) * 50, top, 50, height)
            }
        }
    }
}
