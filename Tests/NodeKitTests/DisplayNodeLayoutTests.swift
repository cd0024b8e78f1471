import Synchronization
import Testing
import LayoutCore
import NodeKit
import LayoutTestSupport
import NodeTestSupport

/// Node layout records, the layout pass and escalation (semantics §5; asserted cases §F).
@Suite struct DisplayNodeLayoutTests {
    @Test func recordsStartEmptyAndVersionStartsAtOne() {
        let node = node("n", 100, 100)
        #expect(node.layoutVersion == 1)
        #expect(node.calculatedLayout == nil && node.pendingLayout == nil)
        #expect(node.calculatedSize == .zero)
        #expect(node.constrainedSizeForCalculatedLayout == .zero)
        node.invalidateCalculatedLayout()
        node.setNeedsLayout()
        #expect(node.layoutVersion == 3)
    }

    @Test func invalidationMakesTheCacheMissAndOnlyBumpsTheNodeItself() throws {
        let parent = LayoutTestNode(id: "parent"), child = LayoutTestNode(id: "child")
        try parent.addSubnode(child)
        let range = sizeRange(0, 0, 50, 50)
        _ = child.layoutThatFits(range, context: .retina)
        _ = child.layoutThatFits(range, context: .retina)
        #expect(child.calculations.count == 1, "second call hits the pending record")
        child.invalidateCalculatedLayout()
        #expect(child.calculatedSize == .zero, "pending is stale and nothing was applied")
        _ = child.layoutThatFits(range, context: .retina)
        #expect(child.calculations.count == 2)
        #expect(parent.layoutVersion == 1, "no upward propagation")
        _ = child.layoutThatFits(range, parentSize: Size(.nan, 50), context: .retina)
        _ = child.layoutThatFits(range, parentSize: Size(.nan, 50), context: .retina)
        #expect(child.calculations.count == 4, "a NaN parent size never matches")
    }

    /// NL-01.
    @Test func nl01LayoutPassMeasuresNodeAndManualSubnode() throws {
        let n = node("N", 100, 100)
        let button = plainNode("button")
        try n.addSubnode(button)
        n.frame = Rect(0, 0, 100, 100)
        button.frame = Rect(0, 0, 100, 100)
        #expect(n.calculatedSize == .zero && button.calculatedSize == .zero)
        n.loadIfNeeded()
        n.layoutIfNeeded()
        #expect(n.calculatedSize == Size(100, 100))
        #expect(button.calculatedSize == Size(100, 100))
    }

    /// NL-04.
    @Test func nl04ExplicitMeasurementAfterTheLayoutPassHitsTheCache() throws {
        let n = node("N", 100, 100)
        let button = plainNode("button")
        try n.addSubnode(button)
        let calls = Mutex(0)
        n.layoutSpecBlock = { _, _ in
            calls.withLock { $0 += 1 }
            return InsetLayoutSpec(insets: .zero, child: button)
        }
        n.frame = Rect(0, 0, 100, 100)
        n.loadIfNeeded()
        n.layoutIfNeeded()
        #expect(calls.withLock { $0 } == 1)
        _ = n.layoutThatFits(SizeRange(exactly: Size(100, 100)), context: .retina)
        #expect(calls.withLock { $0 } == 1)
        #expect(button.frame == Rect(0, 0, 100, 100))
    }

    /// NL-05: Texture raises; release builds (and we) give a zero size.
    @Test func nl05InvalidChildSizeBecomesZero() {
        let host = plainNode("host")
        let child = plainNode("child")
        host.layoutSpecBlock = { _, _ in WrapperLayoutSpec(children: [child]) }
        let floatMax = Double(Float.greatestFiniteMagnitude)
        #expect(!Layout.isValid(size: Size(0, floatMax)))
        let layout = host.layoutThatFits(SizeRange(exactly: Size(0, floatMax)), context: .retina)
        #expect(layout.sublayouts.map(\.size) == [.zero])
    }

    /// NL-06: FLT_MAX, CGFLOAT_MAX and INF sizes are invalid for a layout and become zero.
    @Test(arguments: [Double(Float.greatestFiniteMagnitude), .greatestFiniteMagnitude, .infinity])
    func nl06InvalidLayoutSizes(_ value: Double) {
        #expect(!Layout.isValid(size: Size(value, value)))
        #expect(Layout(element: "x", size: Size(value, value), context: .retina).size == .zero)
    }

    /// NL-07: nodes created inside the spec callback stay alive until the layout is applied.
    @Test func nl07NodesCreatedInTheSpecCallbackSurviveUntilApplied() async {
        func makeRoot(_ id: LayoutElementID) -> DisplayNode {
            let root = DisplayNode(id: id)
            root.automaticallyManagesSubnodes = true
            root.layoutSpecBlock = { _, _ in
                let title = node(LayoutElementID("\(id)-title"), 100, 20), body = node(LayoutElementID("\(id)-body"), 100, 40)
                return InsetLayoutSpec(insets: EdgeInsets(all: 5), child: InsetLayoutSpec(
                    insets: EdgeInsets(all: 5),
                    child: StackLayoutSpec.vertical(alignItems: .stretch, children: [title, body])))
            }
            return root
        }
        let roots = [makeRoot("r1"), makeRoot("r2")]
        for root in roots {
            let size = await Task.detached { root.layoutThatFits(SizeRange(exactly: Size(300, 300)), context: .retina).size }.value
            root.frame = Rect(origin: .zero, size: size)
            root.layoutIfNeeded()
            #expect(root.subnodes.map(\.id.rawValue) == ["\(root.id)-title", "\(root.id)-body"])
            #expect(root.subnodes.map(\.frame) == [Rect(10, 10, 100, 20), Rect(10, 30, 100, 40)],
                    "explicit cross sizes are not stretched")
        }
    }

    @Test func zeroBoundsNodeIsNeverMeasuredByALayoutPass() {
        let node = LayoutTestNode(id: "n")
        node.layoutIfNeeded()
        #expect(node.calculations.isEmpty)
        #expect(!node.needsLayout)
    }

    @Test func layoutHooksRunOnlyForLoadedNodes() {
        let node = LayoutTestNode(id: "n")
        node.frame = Rect(0, 0, 10, 10)
        node.layoutIfNeeded()
        #expect(node.calculations.count == 1)
        #expect(node.count("calculatedLayoutDidChange") == 1)
        #expect(node.calculatedLayout?.size == Size(10, 10))
        node.layoutIfNeeded()
        #expect(node.calculations.count == 1, "nothing needs layout")
    }

    /// §5.3 step 9 and §5.4: a child that wants a new size escalates to the root, which resizes
    /// its bounds keeping its frame origin, then lays the child out at its new size.
    @Test func sizeChangeEscalatesToTheRootWhichResizes() {
        let root = LayoutTestNode(id: "root"), child = LayoutTestNode(id: "child")
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _, _ in StackLayoutSpec.vertical(alignItems: .start, children: [child]) }
        child.testSize = Size(50, 20)
        let size = root.layoutThatFits(SizeRange(min: .zero, max: Size(100, .infinity)), context: .retina).size
        #expect(size == Size(50, 20))
        root.frame = Rect(origin: Point(10, 10), size: size)
        root.layoutIfNeeded()
        #expect(child.frame == Rect(0, 0, 50, 20))

        child.testSize = Size(60, 30)
        child.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(root.frame == Rect(10, 10, 60, 30))
        #expect(child.frame == Rect(0, 0, 60, 30))
        #expect(root.calculatedLayout?.size == Size(60, 30))
        #expect(root.constrainedSizeForCalculatedLayout == SizeRange(min: .zero, max: Size(100, .infinity)))
    }

    final class Container: CellNodeInteractionDelegate, Sendable {
        let invalidated = Mutex<[LayoutElementID]>([])
        func nodeDidInvalidateSize(_ node: CellNode) {
            invalidated.withLock { $0.append(node.id) }
        }
    }

    /// §5.4 / §9.4: a cell with a container tells it instead of resizing itself.
    @Test func cellNodeNotifiesItsContainerInsteadOfResizing() {
        let cell = CellNode(id: "cell"), child = LayoutTestNode(id: "child")
        let container = Container()
        cell.interactionDelegate = container
        cell.automaticallyManagesSubnodes = true
        cell.layoutSpecBlock = { _, _ in StackLayoutSpec.vertical(alignItems: .start, children: [child]) }
        child.testSize = Size(375, 44)
        let size = cell.layoutThatFits(SizeRange(min: Size(375, 0), max: Size(375, .infinity)), context: .retina).size
        cell.frame = Rect(origin: .zero, size: size)
        cell.layoutIfNeeded()
        #expect(container.invalidated.withLock { $0 }.isEmpty)

        child.testSize = Size(375, 88)
        child.setNeedsLayout()
        cell.layoutIfNeeded()
        #expect(container.invalidated.withLock { $0 }.first == "cell")
        #expect(cell.frame == Rect(0, 0, 375, 44), "the container decides the cell's size")
        #expect(cell.calculatedSize == Size(375, 88), "the re-measure is pending for the container")
    }
}
