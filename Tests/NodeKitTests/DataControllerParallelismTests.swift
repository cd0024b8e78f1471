import Testing
import LayoutCore
import NodeKit
import LayoutTestSupport
import NodeTestSupport

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

    @Test func aFewQueuedCellsOfALongListAreFoundWhereEachUpdateLeftThem() throws {
        let rows = (0..<20).map { ListModel.Row("r\($0)", 40) }
        let model = ListModel(sections: [rows])
        let controller = DataController(dataSource: model, context: .scale2, parallelism: 2)
        controller.reloadData()
        let r5 = try #require(controller.node(at: ItemPath(0, 5)))
        let r9 = try #require(controller.node(at: ItemPath(0, 9)))
        func resize(_ node: CellNode, to height: Double) {
            node.style.height = .points(height)
            node.setNeedsLayout()
            controller.nodeDidInvalidateSize(node)
        }
        // When one cell of twenty changes size, it is found at its position
        resize(r5, to: 60)
        #expect(controller.relayoutQueuedNodes() == [ItemPath(0, 5): Size(375, 60)])

        // When a section goes in front, two rows before r5 and r9 is deleted (r9 was queued)
        model.sections = [[.init("s")], [.init("n0"), .init("n1")] + rows.filter { $0.id != "r9" }]
        var changes = ChangeSet()
        changes.insertSections([0])
        changes.deleteItems([ItemPath(0, 9)])
        changes.insertItems([ItemPath(1, 0), ItemPath(1, 1)])
        resize(r9, to: 70)
        try controller.performBatchUpdates(changes)
        resize(r5, to: 80)
        // Then r5 is found where the update moved it, and the deleted r9 is not relaid out
        #expect(controller.relayoutQueuedNodes() == [ItemPath(1, 7): Size(375, 80)])
        #expect(controller.element(at: ItemPath(1, 7))?.size == Size(375, 80))
        #expect(r9.frame == Rect(0, 0, 375, 40))

        // When a page is appended (the positions are kept and the new cells added to them)
        model.sections[1] += [.init("p0"), .init("p1")]
        var page = ChangeSet()
        page.insertItems([ItemPath(1, 21), ItemPath(1, 22)])
        try controller.performBatchUpdates(page)
        let p1 = try #require(controller.node(at: ItemPath(1, 22)))
        resize(p1, to: 90)
        resize(r5, to: 100)
        // Then the new cell and the old one are found where they are
        #expect(controller.relayoutQueuedNodes() == [ItemPath(1, 7): Size(375, 100), ItemPath(1, 22): Size(375, 90)])

        // When a cell is reloaded in place (a new node, no cell moves)
        var reload = ChangeSet()
        reload.reloadItems([ItemPath(1, 3)])
        try controller.performBatchUpdates(reload)
        let reloaded = try #require(controller.node(at: ItemPath(1, 3)))
        resize(reloaded, to: 110)
        resize(r5, to: 120)
        // Then the new node and the old one are found where they are
        #expect(controller.relayoutQueuedNodes() == [ItemPath(1, 3): Size(375, 110), ItemPath(1, 7): Size(375, 120)])

        // When the list is reloaded, the new nodes are found too
        controller.reloadData()
        let s = try #require(controller.node(at: ItemPath(0, 0)))
        resize(s, to: 50)
        #expect(controller.relayoutQueuedNodes() == [ItemPath(0, 0): Size(375, 50)])
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
