import Foundation
import Synchronization
import Testing
import LayoutCore
import NodeKit
import LayoutTestSupport
import NodeTestSupport

/// Texture's implicit-hierarchy tests (asserted cases §G). Subnodes are 100×100 unless noted;
/// "measure" = `layoutThatFits({0,0}-{CGFLOAT_MAX,CGFLOAT_MAX})`, then bounds = the size.
@Suite struct AutomaticSubnodeManagementTests {
    static let huge = SizeRange(min: .zero, max: Size(.greatestFiniteMagnitude, .greatestFiniteMagnitude))

    static func measure(_ node: DisplayNode) {
        let size = node.layoutThatFits(huge, context: .retina).size
        node.bounds = Rect(0, 0, size.width, size.height)
    }

    static func managed(_ id: LayoutElementID = "root", spec: @escaping @Sendable () -> any LayoutElement) -> DisplayNode {
        let root = DisplayNode(id: id)
        root.automaticallyManagesSubnodes = true
        root.layoutSpecBlock = { _, _ in spec() }
        return root
    }

    static func nodes(_ count: Int) -> [DisplayNode] {
        (0..<count).map { node(LayoutElementID("n\($0)"), 100, 100) }
    }

    @Test func asm01OffByDefaultAndSettable() {
        let node = DisplayNode(id: "n")
        #expect(node.automaticallyManagesSubnodes == false)
        node.automaticallyManagesSubnodes = true
        #expect(node.automaticallyManagesSubnodes)
    }

    static func nestedTree(_ n: [DisplayNode]) -> any LayoutElement {
        AbsoluteLayoutSpec(children: [
            StackLayoutSpec(children: [n[0], n[1]]),
            StackLayoutSpec(children: [n[2], AbsoluteLayoutSpec(children: [n[3]])]),
            n[4],
        ])
    }

    @Test func asm02SubnodesFollowTheFlattenedLayoutOrder() {
        let n = Self.nodes(5)
        let root = Self.managed { Self.nestedTree(n) }
        Self.measure(root)
        #expect(root.subnodes.isEmpty, "measuring alone never changes the hierarchy")
        root.loadIfNeeded()
        root.layoutIfNeeded()
        #expect(root.subnodes.map(\.id) == ["n0", "n1", "n2", "n3", "n4"])
        #expect(n.allSatisfy { $0.supernode === root })
    }

    /// ASM-03 without its interface-state assertion (interface states are another module's part):
    /// the hierarchy and sizes come from a layout pass of a node that is never loaded.
    @Test func asm03UnloadedNodeGetsItsSubnodesAndSizes() {
        let n = Self.nodes(5)
        let root = Self.managed { Self.nestedTree(n) }
        Self.measure(root)
        root.layoutIfNeeded()
        #expect(!root.isNodeLoaded)
        #expect(root.subnodes.map { ObjectIdentifier($0) } == n.map { ObjectIdentifier($0) })
        #expect(n.allSatisfy { $0.bounds.size == Size(100, 100) })
    }

    @Test func asm04SetNeedsLayoutAppliesTheNewHierarchy() {
        let n = Self.nodes(4)
        let second = Mutex(false)
        let root = Self.managed {
            second.withLock { $0 }
                ? AbsoluteLayoutSpec(children: [n[1], StackLayoutSpec(children: [n[3], n[2]])])
                : AbsoluteLayoutSpec(children: [n[1], n[2]])
        }
        Self.measure(root)
        root.layoutIfNeeded()
        #expect(root.subnodes.map(\.id) == ["n1", "n2"])
        second.withLock { $0 = true }
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(root.subnodes.map(\.id) == ["n1", "n3", "n2"])
    }

    /// "Main" is the caller's isolation: here an actor on a dispatch queue that the completion
    /// block recognises by a queue-specific value.
    final class QueueExecutor: SerialExecutor {
        let queue: DispatchQueue

        init(_ queue: DispatchQueue) {
            self.queue = queue
        }

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
        }

        func asUnownedSerialExecutor() -> UnownedSerialExecutor {
            UnownedSerialExecutor(ordinary: self)
        }
    }

    actor MainSide {
        static let key = DispatchSpecificKey<String>()
        let executor: QueueExecutor

        init() {
            let queue = DispatchQueue(label: "main-side")
            queue.setSpecific(key: MainSide.key, value: "main-side")
            executor = QueueExecutor(queue)
        }

        nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

        func transition(_ node: DisplayNode) async -> [String] {
            var log: [String] = []
            await node.transitionLayout(to: SizeRange(min: .zero, max: .infinite), animated: true, measureAsync: true) {
                log.append("completion on \(DispatchQueue.getSpecific(key: MainSide.key) ?? "another thread")")
            }
            log.append("returned on \(DispatchQueue.getSpecific(key: MainSide.key) ?? "another thread")")
            return log
        }
    }

    @Test func asm05TransitionCompletionRunsOnTheCallersIsolation() async {
        let plain = node("plain", 100, 100)
        plain.loadIfNeeded()
        let log = await MainSide().transition(plain)
        #expect(log == ["completion on main-side", "returned on main-side"])
        #expect(plain.calculatedLayout?.size == Size(100, 100))
    }

    @Test func asm06BackgroundMeasurementThenLayoutPassSwapsTheSubnode() async {
        let n = Self.nodes(2)
        let second = Mutex(false)
        let root = Self.managed { AbsoluteLayoutSpec(children: [second.withLock { $0 } ? n[1] : n[0]]) }
        root.styled { $0.preferredSize = Size(100, 100) }
        n[1].loadIfNeeded()
        root.loadIfNeeded()
        await Task.detached { Self.measure(root) }.value
        root.layoutIfNeeded()
        #expect(root.subnodes.first === n[0])

        second.withLock { $0 = true }
        root.setNeedsLayout()
        await Task.detached { Self.measure(root) }.value
        root.layoutIfNeeded()
        #expect(root.subnodes.first === n[1])
        #expect(root.subnodes.count == 1)
    }

    @Test func asm07AnimatedAsyncTransitionSwapsTheSubnode() async {
        let n = Self.nodes(2)
        let second = Mutex(false)
        let root = Self.managed { AbsoluteLayoutSpec(children: [second.withLock { $0 } ? n[1] : n[0]]) }
        root.styled { $0.preferredSize = Size(100, 100) }
        n.forEach { $0.loadIfNeeded() }
        root.loadIfNeeded()
        await Task.detached { Self.measure(root) }.value
        root.layoutIfNeeded()
        #expect(root.subnodes.first === n[0])

        second.withLock { $0 = true }
        root.invalidateCalculatedLayout()
        await root.transitionLayout(animated: true, measureAsync: true)
        #expect(root.subnodes.map(\.id) == ["n1"])
        #expect(n[0].supernode == nil)
    }

    @Test func asm08StackOrdersSubnodes() {
        let nodes = ["a", "b", "c", "d", "e"].map { node(LayoutElementID($0), 100, 100) }
        let byID = Dictionary(uniqueKeysWithValues: nodes.map { ($0.id, $0) })
        let order = Mutex<[LayoutElementID]>(["a", "b", "c", "d"])
        let root = Self.managed { StackLayoutSpec.vertical(children: order.withLock { $0 }.map { byID[$0]! }) }
        root.frame = Rect(0, 0, 100, 100)
        for next in [["a", "b", "c", "d"], ["d", "c", "b", "a"], ["a", "b", "e", "d", "c"]] as [[LayoutElementID]] {
            order.withLock { $0 = next }
            root.invalidateCalculatedLayout()
            root.setNeedsLayout()
            root.layoutIfNeeded()
            #expect(root.subnodes.map(\.id) == next)
        }
    }

    @Test func asm09RandomRelayoutsKeepSubnodesInStackOrder() {
        let nodes = Self.nodes(10)
        let order = Mutex<[DisplayNode]>([])
        let root = Self.managed { StackLayoutSpec.vertical(children: order.withLock { $0 }) }
        root.frame = Rect(0, 0, 100, 100)
        var rng = SeededRandom(seed: 9)
        for round in 0..<25 {
            let next = Array(nodes.shuffled(using: &rng).prefix(Int.random(in: 0...10, using: &rng)))
            order.withLock { $0 = next }
            root.invalidateCalculatedLayout()
            root.setNeedsLayout()
            root.layoutIfNeeded()
            #expect(root.subnodes.map(\.id) == next.map(\.id), "round \(round)")
            #expect(nodes.allSatisfy { node in (node.supernode === root) == next.contains { $0 === node } })
        }
    }

    @Test func asm10OverlayComesAfterItsContent() {
        let underlay = node("underlay", 100, 100), overlay = node("overlay", 100, 100)
        let root = Self.managed {
            OverlayLayoutSpec(child: InsetLayoutSpec(insets: .zero, child: underlay), overlay: overlay)
        }
        Self.measure(root)
        root.layoutIfNeeded()
        #expect(root.subnodes.map(\.id) == ["underlay", "overlay"])
    }

    @Test func asm11BackgroundComesBeforeItsContent() {
        let underlay = node("underlay", 100, 100), overlay = node("overlay", 100, 100)
        let root = Self.managed {
            BackgroundLayoutSpec(child: overlay, background: InsetLayoutSpec(insets: .zero, child: underlay))
        }
        Self.measure(root)
        root.layoutIfNeeded()
        #expect(root.subnodes.map(\.id) == ["underlay", "overlay"])
    }

    @Test func manualSubnodeCallsOnAManagedNodeAreRefused() throws {
        let n = Self.nodes(2)
        let root = Self.managed { AbsoluteLayoutSpec(children: [n[0]]) }
        Self.measure(root)
        root.layoutIfNeeded()
        #expect(throws: NodeError.automaticallyManagedSubnodes(node: "root", operation: "addSubnode")) {
            try root.addSubnode(n[1])
        }
        #expect(throws: NodeError.automaticallyManagedSubnodes(node: "root", operation: "insertSubnode")) {
            try root.insertSubnode(n[1], at: 0)
        }
        #expect(throws: NodeError.automaticallyManagedSubnodes(node: "root", operation: "removeFromSupernode")) {
            try n[0].removeFromSupernode()
        }
        #expect(root.subnodes.map(\.id) == ["n0"])
        let error = NodeError.automaticallyManagedSubnodes(node: "root", operation: "addSubnode")
        #expect(error.description.contains("'root' manages its subnodes automatically"))
    }

    /// Texture's `_addSubnode:` returns when the node is already a subnode, before any check: on a
    /// managed node the second add keeps one child and changes nothing (no throw, no new layout,
    /// no reorder, no supernode change).
    @Test func addSubnodeOfAnExistingChildIsIgnoredOnAManagedNode() throws {
        // Given a managed node whose layout pass inserted n0 and n1
        let n = Self.nodes(2)
        let root = Self.managed { StackLayoutSpec(direction: .vertical, children: [n[0], n[1]]) }
        Self.measure(root)
        root.layoutIfNeeded()
        let version = root.layoutVersion
        let frames = n.map(\.frame)
        #expect(root.subnodes.map(\.id) == ["n0", "n1"])

        // When n0 is added again, twice
        try root.addSubnode(n[0])
        try root.addSubnode(n[0])

        // Then nothing changes, and a later layout pass changes nothing either
        #expect(root.subnodes.map(\.id) == ["n0", "n1"])
        #expect(n[0].supernode === root)
        #expect(root.layoutVersion == version)
        #expect(n.map(\.frame) == frames)
        root.setNeedsLayout()
        root.layoutIfNeeded()
        #expect(root.subnodes.map(\.id) == ["n0", "n1"])
        #expect(n.map(\.frame) == [Rect(0, 0, 100, 100), Rect(0, 100, 100, 100)])
    }

    /// Inside the layout-spec callback too: re-adding a child changes no subnode array, so the
    /// guard of semantics §2.3 has nothing to refuse.
    @Test func addSubnodeOfAnExistingChildInsideTheSpecCallbackIsIgnored() throws {
        let n = Self.nodes(1)
        let errors = Mutex<[NodeError]>([])
        let root = DisplayNode(id: "root")
        try root.addSubnode(n[0])
        root.layoutSpecBlock = { node, _ in
            do throws(NodeError) { try node.addSubnode(n[0]) } catch { errors.withLock { $0.append(error) } }
            return AbsoluteLayoutSpec(children: [n[0]])
        }
        Self.measure(root)
        #expect(errors.withLock { $0 }.isEmpty)
        #expect(root.subnodes.map(\.id) == ["n0"])
    }
}
