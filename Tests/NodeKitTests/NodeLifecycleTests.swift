import Synchronization
import Testing
import LayoutCore
import NodeKit
import LayoutTestSupport
import NodeTestSupport
import TextLayout

/// A shared, ordered log of lifecycle hooks (`"child didLoad"`, `"cell layout"`, …).
private final class HookLog: Sendable {
    private let entries = Mutex<[String]>([])

    func append(_ entry: String) { entries.withLock { $0.append(entry) } }

    func drain() -> [String] {
        entries.withLock { log in
            defer { log = [] }
            return log
        }
    }
}

/// A 100 × 100 node that logs its load, layout and visibility hooks.
private final class LifecycleNode: DisplayNode, @unchecked Sendable {
    let log: HookLog

    init(_ id: LayoutElementID, log: HookLog) {
        self.log = log
        super.init(id: id)
        styled { $0.preferredSize = Size(100, 100) }
    }

    override func didLoad() { log.append("\(id.rawValue) didLoad") }
    override func layout() { log.append("\(id.rawValue) layout") }
    override func didEnterVisibleState() {
        log.append("\(id.rawValue) enterVisible loaded=\(isNodeLoaded)")
    }
}

/// A node managing its subnodes whose preload hook does not call `super`.
private final class NoSuperPreloadNode: DisplayNode, @unchecked Sendable {
    let subnodesAtHook = Mutex<[Int]>([])

    override func didEnterPreloadState() {
        subnodesAtHook.withLock { $0.append(subnodes.count) }
    }
}

private let preloadDisplay: InterfaceState = [.measureLayout, .preload, .display]
private let preloadOnly: InterfaceState = [.measureLayout, .preload]

/// Each test encodes the behaviour of the Texture method it names (`ASDisplayNode.mm`,
/// `ASDisplayNode+Layout.mm`, `ASRangeController.mm`, `ASTextNode2.mm`, `ASImageNode.mm`).
@Suite struct NodeLifecycleTests {
    // MARK: Subnodes take a range-managed supernode's state

    /// `-[ASDisplayNode _setSupernode:]` → `enterHierarchyState:` → `setHierarchyState:`, which
    /// on entering the range-managed state calls `enterInterfaceState:` with the supernode's state.
    @Test func aSubnodeAddedByHandTakesARangeManagedSupernodesState() throws {
        let cell = DisplayNode(id: "cell")
        cell.isRangeManaged = true
        cell.recursivelySetInterfaceState(preloadDisplay)
        let label = DisplayNode(id: "label")
        let glyph = DisplayNode(id: "glyph")
        try label.addSubnode(glyph)
        let log = InterfaceStateLog(observing: [label, glyph])

        try cell.addSubnode(label)

        #expect(label.interfaceState == preloadDisplay && glyph.interfaceState == preloadDisplay)
        #expect(label.isRangeManaged && glyph.isRangeManaged)
        #expect(log.drain() == [
            "label enterPreload", "label enterDisplay", "label change measureLayout|preload|display <- none",
            "glyph enterPreload", "glyph enterDisplay", "glyph change measureLayout|preload|display <- none",
        ])

        // Leaving clears the flag (`exitHierarchyState:`) and keeps the state.
        try label.removeFromSupernode()
        #expect(!label.isRangeManaged && !glyph.isRangeManaged)
        #expect(label.interfaceState == preloadDisplay)
        #expect(log.drain().isEmpty)
    }

    /// `setHierarchyState:` acts only when the range-managed bit is entered: an unmanaged
    /// supernode hands down nothing.
    @Test func anUnmanagedSupernodeHandsDownNoState() throws {
        let parent = DisplayNode(id: "parent")
        parent.setInterfaceState(.inHierarchy)
        let child = DisplayNode(id: "child")
        try parent.addSubnode(child)
        #expect(child.interfaceState == [])
        #expect(!child.isRangeManaged)
    }

    /// The same path for automatic subnode management: a label that joins a preloading cell's
    /// layout later is inserted by the layout pass and preloads at once.
    @Test func aSubnodeInsertedByAutomaticManagementTakesTheCellsState() {
        let first = node("first", 100, 20)
        let late = node("late", 100, 20)
        let showLate = Mutex(false)
        let cell = DisplayNode(id: "cell")
        cell.automaticallyManagesSubnodes = true
        cell.layoutSpecBlock = { _, _ in
            StackLayoutSpec(direction: .vertical, children: showLate.withLock { $0 } ? [first, late] : [first])
        }
        cell.frame = Rect(0, 0, 100, 100)
        cell.isRangeManaged = true
        cell.recursivelySetInterfaceState(preloadOnly)
        #expect(first.interfaceState == preloadOnly)

        showLate.withLock { $0 = true }
        cell.setNeedsLayout()
        cell.layoutIfNeeded()
        #expect(late.supernode === cell)
        #expect(late.interfaceState == preloadOnly)
        #expect(late.isRangeManaged)
    }

    // MARK: The preload layout runs in the private path

    /// `-[ASDisplayNode _didEnterPreloadState]`: the subclass hook, then `layoutIfNeeded` for a
    /// node managing its subnodes, then the delegates.
    @Test func thePreloadLayoutRunsAfterAnOverrideThatSkipsSuper() {
        let child = node("child", 50, 50)
        let root = NoSuperPreloadNode(id: "root")
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _, _ in InsetLayoutSpec(insets: .zero, child: child) }
        root.frame = Rect(0, 0, 50, 50)
        root.isRangeManaged = true
        let log = InterfaceStateLog(observing: [root, child])

        root.setInterfaceState(preloadOnly)

        #expect(root.subnodesAtHook.withLock { $0 } == [0], "the hook runs before the layout pass")
        #expect(root.subnodes.map(\.id) == ["child"])
        #expect(log.drain() == [
            "child enterPreload", "child change measureLayout|preload <- none",
            "root enterPreload", "root change measureLayout|preload <- none",
        ])
    }

    // MARK: Range order

    /// `-[ASRangeController _updateVisibleNodeIndexPaths]` visits the visible index paths, then
    /// the display ones, then the preload ones (an ordered set built in that order).
    @Test func theRangeControllerVisitsVisibleThenDisplayThenPreload() {
        let nodes = (0..<6).map { DisplayNode(id: LayoutElementID("c\($0)")) }
        let elements = nodes.enumerated().map { index, node in
            RangeElement(path: ItemPath(0, index), frame: Rect(0, Double(index) * 100, 100, 100), node: node)
        }
        var tuning = RangeTuningTable.default
        tuning[.minimum, .display] = RangeTuningParameters(1, 0)
        tuning[.minimum, .preload] = RangeTuningParameters(2, 0)
        let controller = RangeController(tuning: tuning)
        let log = InterfaceStateLog(observing: nodes)

        // Scrolling up with cell 3 on screen: display reaches cell 2 above it, preload cell 1.
        let update = controller.update(viewport: Viewport(size: Size(100, 100), contentOffset: Point(0, 300)),
                                       scrollDirection: .up, elements: elements)
        #expect(update.visible == [ItemPath(0, 3)])
        #expect(update.display == [ItemPath(0, 2), ItemPath(0, 3)])
        #expect(update.preload == [ItemPath(0, 1), ItemPath(0, 2), ItemPath(0, 3)])
        #expect(log.drain().filter { $0.hasSuffix("enterPreload") }
            == ["c3 enterPreload", "c2 enterPreload", "c1 enterPreload"])
    }

    // MARK: Text and image invalidation

    /// `-[ASTextNode2 setAttributedText:]` calls `setNeedsLayout`, so the next layout pass
    /// re-measures the label and escalates its new size to the root.
    @Test func newTextMarksTheLabelForTheNextLayoutPass() {
        let label = TextNode(id: "label", attributedText: AttributedText("ab"), measurer: FakeTextMeasurer())
        let root = DisplayNode(id: "root")
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _, _ in StackLayoutSpec(direction: .vertical, alignItems: .start, children: [label]) }
        root.frame = Rect(0, 0, 200, 200)
        root.layoutIfNeeded()
        #expect(label.frame.size == Size(20.5, 20))

        let version = label.layoutVersion
        label.attributedText = AttributedText("abcd")
        #expect(label.needsLayout)
        #expect(label.layoutVersion == version + 1)
        root.layoutIfNeeded()
        #expect(label.frame.size == Size(40.5, 20))
    }

    /// `-[ASImageNode _locked_setImage:]` calls `setNeedsDisplay` only, whatever the new
    /// image's size: the layout stays as it was until something calls `setNeedsLayout`.
    @Test func aNewImageOnlyRedisplaysEvenWhenItsSizeChanges() {
        let image = ImageNode(id: "image")
        image.image = Image(size: Size(120, 80))
        image.frame = Rect(0, 0, 120, 80)
        image.layoutIfNeeded()
        let range = SizeRange(min: .zero, max: Size(300, 300))
        #expect(image.layoutThatFits(range, context: .retina).size == Size(120, 80))

        let version = image.layoutVersion
        image.image = Image(size: Size(60, 40))
        #expect(image.layoutVersion == version)
        #expect(!image.needsLayout)
        #expect(image.layoutThatFits(range, context: .retina).size == Size(120, 80), "the cached layout stays")
        image.image = nil
        #expect(image.layoutVersion == version)

        image.image = Image(size: Size(60, 40))
        image.setNeedsLayout()
        #expect(image.layoutThatFits(range, context: .retina).size == Size(60, 40))
    }

    // MARK: Loading

    /// `-[ASDisplayNode layer]` / `view`: the subnodes' views are added (loading them) before
    /// `_didLoad`; a loaded node's layout pass calls `layout`.
    @Test func loadingLoadsTheSubtreeBeforeTheNodesDidLoadAndLayoutRuns() throws {
        let log = HookLog()
        let parent = LifecycleNode("parent", log: log)
        let child = LifecycleNode("child", log: log)
        try parent.addSubnode(child)
        parent.frame = Rect(0, 0, 100, 100)
        child.frame = Rect(0, 0, 100, 100)
        parent.layoutIfNeeded()
        #expect(log.drain().isEmpty, "an unloaded node's layout pass calls no layout()")

        parent.loadIfNeeded()
        #expect(log.drain() == ["child didLoad", "parent didLoad"])
        #expect(parent.isNodeLoaded && child.isNodeLoaded)
        parent.layoutIfNeeded()
        #expect(log.drain() == ["parent layout", "child layout"])
        parent.loadIfNeeded()
        #expect(log.drain().isEmpty, "loading happens once")
    }

    /// `-[ASDisplayNode _setSupernode:]`: a node added to a loaded supernode loads its layer
    /// (and so its subtree) before taking the supernode's interface state.
    @Test func aNodeAddedToALoadedSupernodeIsLoadedWithIt() throws {
        let log = HookLog()
        let parent = LifecycleNode("parent", log: log)
        let child = LifecycleNode("child", log: log)
        let grandchild = LifecycleNode("grandchild", log: log)
        try child.addSubnode(grandchild)
        #expect(!grandchild.isNodeLoaded, "an unloaded supernode loads nothing")

        parent.loadIfNeeded()
        _ = log.drain()
        try parent.addSubnode(child)
        #expect(log.drain() == ["grandchild didLoad", "child didLoad"])
        #expect(child.isNodeLoaded && grandchild.isNodeLoaded)
    }

    /// Texture's collection view loads a cell's view when it shows the cell, before the range
    /// controller makes it visible (`_setSupernode:` keeps `didEnterVisibleState` for loaded
    /// nodes); the new view is laid out, which calls `layout`.
    @Test func theRangeControllerLoadsCellsAsTheyBecomeVisible() throws {
        let log = HookLog()
        let shown = LifecycleNode("shown", log: log)
        let label = LifecycleNode("label", log: log)
        try shown.addSubnode(label)
        label.frame = Rect(0, 0, 100, 100)
        let ahead = LifecycleNode("ahead", log: log)
        let elements = [
            RangeElement(path: ItemPath(0, 0), frame: Rect(0, 0, 100, 100), node: shown),
            RangeElement(path: ItemPath(0, 1), frame: Rect(0, 100, 100, 100), node: ahead),
        ]
        shown.frame = elements[0].frame
        ahead.frame = elements[1].frame
        RangeController().update(viewport: Viewport(size: Size(100, 100)), scrollDirection: [], elements: elements)

        #expect(log.drain() == [
            "label didLoad", "shown didLoad", "shown enterVisible loaded=true", "label enterVisible loaded=true",
            "shown layout", "label layout",
        ])
        #expect(!ahead.isNodeLoaded, "a cell in the display range only is not shown, so not loaded")
    }

    // MARK: Root size check, addSubnode of a child

    /// `-[ASDisplayNode _rootNodeDidInvalidateSize]` compares the new layout with
    /// `ASCeilSizeValues(bounds.size)`, not with the raw bounds.
    @Test func theRootComparesWithPixelCeiledBounds() {
        let root = DisplayNode(id: "root")
        root.frame = Rect(0, 0, 100.3, 50)  // ceiled at scale 2: 100.5 × 50
        root.rootNodeDidInvalidateSize()
        #expect(root.frame.size == Size(100.3, 50), "a layout of the ceiled bounds is no new size")

        root.styled { $0.preferredSize = Size(120, 50) }
        _ = root.layoutThatFits(SizeRange(min: .zero, max: Size(200, 200)), context: .retina)
        root.rootNodeDidInvalidateSize()
        #expect(root.frame.size == Size(120, 50))
    }

    /// `-[ASDisplayNode addSubnode:]` returns when the node's supernode is already the receiver.
    @Test func addingAChildAgainLeavesItInPlace() throws {
        let parent = DisplayNode(id: "parent")
        let a = DisplayNode(id: "a"), b = DisplayNode(id: "b")
        try parent.addSubnode(a)
        try parent.addSubnode(b)
        try parent.addSubnode(a)
        #expect(parent.subnodes.map(\.id) == ["a", "b"])
    }
}
