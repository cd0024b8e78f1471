import Testing
import LayoutCore
import NodeKit
import TestSupport

private func randomRows(_ count: Int, seed: UInt64) -> [[ListModel.Row]] {
    var rng = SeededRandom(seed: seed)  // same row heights on every run
    return [(0..<count).map { ListModel.Row("r\($0)", Double(Int.random(in: 20...400, using: &rng)) / 3) }]
}

@Suite struct DataControllerParallelismTests {
    @Test func parallelAllocationProducesTheSameSizesAsSerial() {
        let rows = randomRows(300, seed: 42)
        let serialModel = ListModel(sections: rows)
        let serial = DataController(dataSource: serialModel, context: .scale3, parallelism: 1)
        serial.reloadData()
        let parallelModel = ListModel(sections: rows)
        let parallel = DataController(dataSource: parallelModel, context: .scale3, parallelism: 4)
        parallel.reloadData()

        let serialSizes = serial.sections.joined().map(\.size)
        #expect(serialSizes.count == 300)
        #expect(serialSizes.allSatisfy { $0 != nil })
        #expect(parallel.sections.joined().map(\.size) == serialSizes)
        #expect(parallel.sections.joined().map { $0.node?.id } == serial.sections.joined().map { $0.node?.id })
        #expect(serialSizes.first??.width == 375)
    }

    @Test func relayoutReportsOnlyCellsWhoseSizeChanged() throws {
        let model = ListModel(sections: [[.init("a", 40), .init("b", 50), .init("c", 60)]])
        let controller = DataController(dataSource: model, context: .scale2, parallelism: 2)
        controller.reloadData()
        let a = try #require(controller.node(at: ItemPath(0, 0)))
        let b = try #require(controller.node(at: ItemPath(0, 1)))
        #expect(a.frame == Rect(0, 0, 375, 40))

        // When a grows and b is invalidated without a size change
        a.style.height = .points(90)
        a.setNeedsLayout()
        b.setNeedsLayout()
        controller.nodeDidInvalidateSize(a)
        controller.nodeDidInvalidateSize(b)
        let changed = controller.relayoutQueuedNodes()
        // Then only a is reported, with its new size, and its frame follows
        #expect(changed == [ItemPath(0, 0): Size(375, 90)])
        #expect(controller.element(at: ItemPath(0, 0))?.size == Size(375, 90))
        #expect(a.frame == Rect(0, 0, 375, 90))
        #expect(controller.relayoutQueuedNodes().isEmpty)   // the queue was drained
    }

    @Test func relayoutUsesTheConstrainedSizeForTheCurrentPosition() throws {
        let model = ListModel(sections: [[.init("a", 40), .init("b", 50)]])
        let controller = DataController(dataSource: model, context: .scale2, parallelism: 2)
        controller.reloadData()
        let b = try #require(controller.node(at: ItemPath(0, 1)))
        // When a is deleted, b moves to [0, 0], whose delegate range caps the height at 30
        model.sections = [[.init("b", 50)]]
        model.rowRanges[ItemPath(0, 0)] = SizeRange(min: .zero, max: Size(0, 30))
        var changes = ChangeSet()
        changes.deleteItems([ItemPath(0, 0)])
        try controller.performBatchUpdates(changes)
        b.setNeedsLayout()
        controller.nodeDidInvalidateSize(b)
        #expect(controller.relayoutQueuedNodes() == [ItemPath(0, 0): Size(375, 30)])
    }

    @Test func cellsQueueThemselvesWhenTheirLayoutPassWantsANewSize() throws {
        let model = ListModel(sections: [[.init("a", 40)]])
        let controller = DataController(dataSource: model, context: .scale2, parallelism: 1)
        controller.reloadData()
        let a = try #require(controller.node(at: ItemPath(0, 0)))
        a.style.height = .points(70)
        a.setNeedsLayout()
        a.layoutIfNeeded()          // the pass escalates to the root, a cell: it tells the controller
        #expect(controller.relayoutQueuedNodes() == [ItemPath(0, 0): Size(375, 70)])
    }

    @Test func relayoutAllNodesRefreshesConstrainedSizes() {
        let model = ListModel(sections: [[.init("a", 40), .init("b", 50)]])
        let controller = DataController(dataSource: model, context: .scale2, parallelism: 2)
        controller.reloadData()
        model.width = 320
        let changed = controller.relayoutAllNodes()
        #expect(changed == [ItemPath(0, 0): Size(320, 40), ItemPath(0, 1): Size(320, 50)])
        #expect(controller.element(at: ItemPath(0, 1))?.constrainedSize
            == SizeRange(min: Size(320, 0), max: Size(320, .greatestFiniteMagnitude)))
    }

    @Test func tableRangeElementsStackCellsForTheRangeController() {
        let model = ListModel(sections: [[.init("a", 40)], [.init("b", 50), .init("c", 60)]])
        let controller = DataController(dataSource: model, context: .scale2, parallelism: 2)
        controller.reloadData()
        let elements = controller.tableRangeElements()
        #expect(elements.map(\.frame) == [Rect(0, 0, 375, 40), Rect(0, 40, 375, 50), Rect(0, 90, 375, 60)])
        let ranges = RangeController()
        ranges.update(viewport: Viewport(size: Size(375, 45)), scrollDirection: [], elements: elements)
        #expect(controller.node(at: ItemPath(1, 0))?.interfaceState == [.measureLayout, .preload, .display, .visible])
    }
}
