import Synchronization
import Testing
import LayoutCore
import NodeKit
import LayoutTestSupport
import NodeTestSupport

@Suite struct DisplayNodeSubnodeTests {
    @Test func addInsertAndRemoveKeepOrderAndSupernode() throws {
        let parent = plainNode("parent")
        let a = plainNode("a"), b = plainNode("b"), c = plainNode("c")
        try parent.addSubnode(a)
        try parent.addSubnode(c)
        try parent.insertSubnode(b, at: 1)
        #expect(parent.subnodes.map(\.id) == ["a", "b", "c"])
        #expect(b.supernode === parent)

        try parent.insertSubnode(a, at: 2)
        #expect(parent.subnodes.map(\.id) == ["b", "c", "a"], "re-inserting moves, indexing without the node")

        try b.removeFromSupernode()
        #expect(parent.subnodes.map(\.id) == ["c", "a"])
        #expect(b.supernode == nil)
        try b.removeFromSupernode()
        #expect(b.supernode == nil, "removing a node without supernode does nothing")
    }

    @Test func addingToAnotherParentMovesTheNode() throws {
        let first = plainNode("first"), second = plainNode("second"), child = plainNode("child")
        try first.addSubnode(child)
        try second.addSubnode(child)
        #expect(first.subnodes.isEmpty)
        #expect(second.subnodes.map(\.id) == ["child"])
        #expect(child.supernode === second)
    }

    @Test func supernodeIsHeldWeakly() throws {
        let child = plainNode("child")
        do {
            let parent = plainNode("parent")
            try parent.addSubnode(child)
            #expect(child.supernode === parent)
        }
        #expect(child.supernode == nil)
    }

    @Test func outOfBoundsIndexAndCyclesAreRefused() throws {
        let parent = plainNode("parent"), child = plainNode("child"), grandchild = plainNode("grandchild")
        try parent.addSubnode(child)
        try child.addSubnode(grandchild)
        #expect(throws: NodeError.indexOutOfBounds(node: "parent", index: 2, count: 1)) {
            try parent.insertSubnode(plainNode("x"), at: 2)
        }
        #expect(throws: NodeError.indexOutOfBounds(node: "parent", index: -1, count: 1)) {
            try parent.insertSubnode(plainNode("x"), at: -1)
        }
        #expect(throws: NodeError.cycle(subnode: "parent", supernode: "grandchild")) {
            try grandchild.addSubnode(parent)
        }
        #expect(throws: NodeError.cycle(subnode: "child", supernode: "child")) {
            try child.addSubnode(child)
        }
        #expect(parent.subnodes.map(\.id) == ["child"])
        #expect(child.subnodes.map(\.id) == ["grandchild"])
    }

    /// NL-02: adding a subnode inside the layout-spec callback is refused (Texture raises).
    @Test func nl02AddingInsideTheSpecCallbackIsRefused() {
        let host = plainNode("host")
        let button = plainNode("button")
        let refusal = Mutex<NodeError?>(nil)
        host.layoutSpecBlock = { node, _ in
            do throws(NodeError) { try node.addSubnode(button) } catch { refusal.withLock { $0 = $0 ?? error } }
            return InsetLayoutSpec(insets: .zero, child: button)
        }
        _ = host.layoutThatFits(sizeRange(0, 0, 100, 100), context: .retina)
        #expect(refusal.withLock { $0 } == .subnodesMutatedInLayoutSpec(node: "host", operation: "addSubnode"))
        #expect(host.subnodes.isEmpty)
    }

    /// NL-03: removing one subnode and adding another inside the callback are both refused.
    @Test func nl03RemovingAndAddingInsideTheSpecCallbackAreRefused() throws {
        let host = plainNode("host")
        let old = plainNode("old"), new = plainNode("new")
        try host.addSubnode(old)
        let errors = Mutex<[NodeError]>([])
        host.layoutSpecBlock = { node, _ in
            do throws(NodeError) { try old.removeFromSupernode() } catch { errors.withLock { $0.append(error) } }
            do throws(NodeError) { try node.addSubnode(new) } catch { errors.withLock { $0.append(error) } }
            return InsetLayoutSpec(insets: .zero, child: new)
        }
        _ = host.layoutThatFits(sizeRange(0, 0, 100, 100), context: .retina)
        #expect(errors.withLock { $0 } == [
            .subnodesMutatedInLayoutSpec(node: "host", operation: "removeFromSupernode"),
            .subnodesMutatedInLayoutSpec(node: "host", operation: "addSubnode"),
        ])
        #expect(host.subnodes.map(\.id) == ["old"])
        // Outside the callback the same calls work.
        try old.removeFromSupernode()
        #expect(host.subnodes.isEmpty)
    }
}
