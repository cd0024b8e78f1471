import Testing
import LayoutCore
import NodeKit

private func makeFeed(_ count: Int = 10) -> (nodes: [DisplayNode], elements: [RangeElement]) {
    let nodes = (0..<count).map { DisplayNode(id: LayoutElementID("c\($0)")) }
    let elements = nodes.enumerated().map { index, node in
        RangeElement(path: ItemPath(0, index), frame: Rect(0, Double(index) * 100, 100, 100), node: node)
    }
    return (nodes, elements)
}

private func viewport(_ y: Double) -> Viewport { Viewport(size: Size(100, 100), contentOffset: Point(0, y)) }

private let all: InterfaceState = [.measureLayout, .preload, .display, .visible]
private let preloadDisplay: InterfaceState = [.measureLayout, .preload, .display]
private let preloadOnly: InterfaceState = [.measureLayout, .preload]

@Suite struct RangeControllerModeTests {
    @Test func hiddenContainerPreloadsAndDisplaysVisibleCellsButShowsNothing() {
        // Given a container in the display range but not on screen, pinned to Full at y 100:
        // visible cell 1, display y 50…300 (cells 0–2), preload y -50…450 (cells 0–4)
        let (nodes, elements) = makeFeed()
        let controller = RangeController()
        controller.containerInterfaceState = [.measureLayout, .preload, .display]
        controller.updateCurrentRange(with: .full)
        let update = controller.update(viewport: viewport(100), scrollDirection: .down, elements: elements)
        #expect(update.mode == .full)
        #expect(update.preload == Set((0...4).map { ItemPath(0, $0) }))
        // Then the visible cell gets preload + display, display-range cells preload only, and
        // preload-only cells nothing beyond measureLayout; no cell is visible
        #expect(Array(nodes.map(\.interfaceState)[0...5]) == [
            preloadOnly, preloadDisplay, preloadOnly, .measureLayout, .measureLayout, .measureLayout,
        ])
    }

    @Test func hiddenContainerNeverLeavesMinimum() {
        let (_, elements) = makeFeed()
        let controller = RangeController()
        controller.containerInterfaceState = .measureLayout
        controller.update(viewport: viewport(0), scrollDirection: [], elements: elements)
        let scrolled = controller.update(viewport: viewport(300), scrollDirection: .down, elements: elements)
        #expect(scrolled.mode == .minimum)
    }

    @Test func memoryWarningKeepsOnlyVisibleCellsOfADisplayedContainer() {
        let (nodes, elements) = makeFeed()
        let controller = RangeController()
        controller.update(viewport: viewport(0), scrollDirection: [], elements: elements)
        controller.update(viewport: viewport(250), scrollDirection: .down, elements: elements)
        controller.didReceiveMemoryWarning()
        let update = controller.update(viewport: viewport(250), scrollDirection: .down, elements: elements)
        #expect(update.mode == .visibleOnly)
        #expect(update.display == update.visible)
        #expect(update.preload == update.visible)
        #expect(Array(nodes.map(\.interfaceState)[1...4]) == [.measureLayout, all, all, .measureLayout])
    }

    @Test func memoryWarningSendsOtherContainersToLowMemory() {
        let (nodes, elements) = makeFeed()
        let controller = RangeController()
        controller.containerInterfaceState = [.measureLayout, .preload]
        controller.update(viewport: viewport(0), scrollDirection: [], elements: elements)
        controller.didReceiveMemoryWarning()
        let update = controller.update(viewport: viewport(0), scrollDirection: [], elements: elements)
        #expect(update.mode == .lowMemory)
        #expect(update.display.isEmpty)
        #expect(update.preload.isEmpty)
        // A hidden container in LowMemory: visible cells keep preload but not display
        #expect(Array(nodes.map(\.interfaceState)[0...1]) == [preloadOnly, .measureLayout])

        controller.didReceiveMemoryWarning(modeForMemoryWarnings: .visibleOnly)
        #expect(controller.update(viewport: viewport(0), scrollDirection: [], elements: elements).mode == .visibleOnly)
    }

    @Test func backgroundMasksVisibleAndForegroundReturnsToMinimum() {
        let (nodes, elements) = makeFeed()
        let controller = RangeController()
        controller.update(viewport: viewport(0), scrollDirection: [], elements: elements)
        controller.update(viewport: viewport(10), scrollDirection: .down, elements: elements)
        #expect(nodes[0].interfaceState == all)

        controller.applicationDidEnterBackground()
        let background = controller.update(viewport: viewport(10), scrollDirection: [], elements: elements)
        #expect(background.mode == .visibleOnly)
        #expect(nodes[0].interfaceState == preloadDisplay)     // visible bit masked off
        #expect(nodes[2].interfaceState == .measureLayout)
        // Scrolling in the background does not leave the pinned mode (the container counts as hidden)
        #expect(controller.update(viewport: viewport(20), scrollDirection: .down, elements: elements).mode
            == .visibleOnly)

        controller.applicationWillEnterForeground()
        let foreground = controller.update(viewport: viewport(20), scrollDirection: [], elements: elements)
        #expect(foreground.mode == .minimum)
        #expect(nodes[0].interfaceState == all)
    }

    @Test func backgroundSendsHiddenContainersToLowMemoryAndForegroundToVisibleOnly() {
        let (_, elements) = makeFeed()
        let controller = RangeController()
        controller.containerInterfaceState = .measureLayout
        controller.update(viewport: viewport(0), scrollDirection: [], elements: elements)
        controller.applicationDidEnterBackground()
        #expect(controller.update(viewport: viewport(0), scrollDirection: [], elements: elements).mode == .lowMemory)
        controller.applicationWillEnterForeground()
        #expect(controller.update(viewport: viewport(0), scrollDirection: [], elements: elements).mode == .visibleOnly)
    }

    @Test func withNoVisibleCellsOnlyTheVisibleBitIsFixed() {
        let (nodes, elements) = makeFeed(3)
        let controller = RangeController()
        controller.update(viewport: viewport(0), scrollDirection: [], elements: elements)
        #expect(nodes[0].interfaceState == all)
        // When the viewport is past the content, nothing is visible
        let update = controller.update(viewport: viewport(5000), scrollDirection: .down, elements: elements)
        #expect(update.mode == .unspecified)
        // Then the formerly visible cell loses only the visible bit; the others are untouched
        #expect(nodes.map(\.interfaceState) == [preloadDisplay, preloadDisplay, .measureLayout])
    }

    @Test func unallocatedCellsAreSkippedAndAnInvalidatedRangeRevisitsEveryCell() {
        var (nodes, elements) = makeFeed(6)
        let lateNode = nodes[5]
        elements[5].node = nil
        let controller = RangeController()
        controller.update(viewport: viewport(0), scrollDirection: [], elements: elements)
        #expect(lateNode.interfaceState == [])
        // When the cell is allocated later, a valid range does not revisit it
        elements[5].node = lateNode
        controller.update(viewport: viewport(0), scrollDirection: [], elements: elements)
        #expect(lateNode.interfaceState == [])
        // After invalidation every cell is visited again
        controller.invalidateRange()
        let update = controller.update(viewport: viewport(0), scrollDirection: [], elements: elements)
        #expect(lateNode.interfaceState == .measureLayout)
        #expect(update.changedStates == [ItemPath(0, 5): .measureLayout])
        nodes.removeAll()
    }
}
