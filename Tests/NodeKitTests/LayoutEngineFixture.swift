import LayoutCore
import Synchronization
import NodeKit
import NodeTestSupport

/// The nodes and fixtures of Texture's `ASLayoutEngineTests` (asserted cases §E): node A fills a
/// 10×1 window and lays out B, C, D or E with a horizontal space-between stack.
final class LayoutEngineFixture: Sendable {
    let a = LayoutTestNode(id: "A")
    let b = LayoutTestNode(id: "B")
    let c = LayoutTestNode(id: "C")
    let d = LayoutTestNode(id: "D")
    let e = LayoutTestNode(id: "E")

    /// A fixture: A's children (in order), the leaves' test sizes and the expected frames.
    struct Fixture {
        var children: [LayoutTestNode]
        var sizes: [LayoutTestNode: Size]
        var aSize: Size
        var frames: [LayoutTestNode: Rect]
    }

    init() {
        a.automaticallyManagesSubnodes = true
        a.loadIfNeeded()
        a.frame = Rect(0, 0, 10, 1)
        b.styled { $0.flexShrink = 1 }
    }

    var f1: Fixture {
        Fixture(children: [b, c, d], sizes: [b: Size(1, 1), c: Size(2, 1), d: Size(1, 1)], aSize: Size(10, 1),
                frames: [b: Rect(0, 0, 1, 1), c: Rect(4, 0, 2, 1), d: Rect(9, 0, 1, 1)])
    }

    var f2: Fixture {
        Fixture(children: [b, c, e], sizes: [b: Size(1, 1), c: Size(4, 1), e: Size(1, 1)], aSize: Size(10, 1),
                frames: [b: Rect(0, 0, 1, 1), c: Rect(3, 0, 4, 1), e: Rect(9, 0, 1, 1)])
    }

    var f3: Fixture {
        Fixture(children: [b, c, d], sizes: [b: Size(8, 1), c: Size(2, 1), d: Size(1, 1)], aSize: Size(10, 1),
                frames: [b: Rect(0, 0, 7, 1), c: Rect(7, 0, 2, 1), d: Rect(9, 0, 1, 1)])
    }

    var f5: Fixture {
        Fixture(children: [b, c, d], sizes: f1.sizes, aSize: Size(15, 1), frames: [:])
    }

    /// Applies a fixture as Texture's test does: a leaf whose size changes gets `setNeedsLayout`,
    /// and so does A when its children change (a different spec block).
    func apply(_ fixture: Fixture) {
        for (node, size) in fixture.sizes where node.testSize != size {
            node.testSize = size
            node.setNeedsLayout()
        }
        let children = fixture.children.map(\.id)
        let changed = currentChildren.withLock { current in
            defer { current = children }
            return current != children
        }
        if changed {
            let nodes = fixture.children
            a.layoutSpecBlock = { _, _ in
                StackLayoutSpec(direction: .horizontal, justifyContent: .spaceBetween, alignItems: .start,
                                children: nodes)
            }
            a.setNeedsLayout()
        }
    }

    private let currentChildren = Mutex<[LayoutElementID]>([])

    var all: [LayoutTestNode] { [a, b, c, d, e] }

    func resetCounts() {
        all.forEach { $0.resetCounts() }
    }

    /// Every node's frame and A's subnodes and calculated layout match `fixture`.
    func isShowing(_ fixture: Fixture) -> Bool {
        guard a.subnodes.map(\.id) == fixture.children.map(\.id),
              let layout = a.calculatedLayout, layout.size == fixture.aSize else { return false }
        let expected = fixture.children.map { fixture.frames[$0] }
        return expected == fixture.children.map { Optional($0.frame) }
            && expected == layout.sublayouts.map { Optional($0.frame) }
            && layout.sublayouts.allSatisfy { $0.sublayouts.isEmpty }
    }
}

extension LayoutTestNode: Hashable {
    public static func == (lhs: LayoutTestNode, rhs: LayoutTestNode) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
