import LayoutCore

extension DisplayNode {
    /// The node's subnodes, in order (back to front).
    public var subnodes: [DisplayNode] { state.withLock { $0.subnodes } }

    /// The node this one is a subnode of (held weakly).
    public var supernode: DisplayNode? { state.withLock { $0.supernode } }

    /// Whether the subnodes follow from the layout (semantics §6). Default `false`.
    public var automaticallyManagesSubnodes: Bool {
        get { state.withLock { $0.automaticallyManagesSubnodes } }
        set { state.withLock { $0.automaticallyManagesSubnodes = newValue } }
    }

    /// Appends `subnode`, first removing it from its current supernode. The new subnode joins the
    /// hierarchy as ``supernodeDidChange(from:)`` describes.
    ///
    /// A node that is already a subnode of this one is ignored before anything else is checked,
    /// also when this node manages its subnodes automatically or its layout-spec callback is
    /// running: Texture's `_addSubnode:` returns early when `subnode.supernode == self`, ahead of
    /// any assertion, and the call changes no subnode array (so it neither breaks automatic
    /// subnode management's diff nor trips the layout-spec guard, semantics §2.3 and §6.5).
    ///
    /// ```swift
    /// let cell = DisplayNode(id: "cell")
    /// cell.automaticallyManagesSubnodes = true
    /// // …a layout pass inserts `label` from the cell's layout…
    /// try cell.addSubnode(label)   // ignored: `label` is already a subnode
    /// ```
    ///
    /// - Throws: ``NodeError`` when `subnode` is not yet a subnode of this one and this node
    ///   manages its subnodes automatically or is running its layout-spec callback, or when
    ///   `subnode` is this node or an ancestor of it.
    public func addSubnode(_ subnode: DisplayNode) throws(NodeError) {
        if subnode.supernode === self { return }
        try checkManualMutation("addSubnode", of: self)
        try checkNoCycle(subnode)
        try subnode.detachFromSupernode(manual: true)
        state.withLock { $0.subnodes.append(subnode) }
        subnode.state.withLock { $0.supernode = self }
        subnode.supernodeDidChange(from: nil)
    }

    /// Inserts `subnode` at `index`, first removing it from its current supernode (which may be
    /// this node: the index then applies to the array without it).
    ///
    /// - Throws: ``NodeError`` as ``addSubnode(_:)``, or when `index` is out of bounds.
    public func insertSubnode(_ subnode: DisplayNode, at index: Int) throws(NodeError) {
        try checkManualMutation("insertSubnode", of: self)
        try checkNoCycle(subnode)
        let countAfterRemoval = state.withLock { state in
            state.subnodes.count - (state.subnodes.contains { $0 === subnode } ? 1 : 0)
        }
        guard (0...countAfterRemoval).contains(index) else {
            throw .indexOutOfBounds(node: id, index: index, count: countAfterRemoval)
        }
        try subnode.detachFromSupernode(manual: true)
        insertUnchecked(subnode, at: index)
    }

    /// Removes the node from its supernode; nothing happens without one.
    ///
    /// - Throws: ``NodeError`` when the supernode manages its subnodes automatically or is
    ///   running its layout-spec callback.
    public func removeFromSupernode() throws(NodeError) {
        try detachFromSupernode(manual: true)
    }

    // MARK: - Internal

    /// Inserts without checks (automatic subnode management); clamps the index.
    func insertUnchecked(_ subnode: DisplayNode, at index: Int) {
        if let old = subnode.supernode { old.removeUnchecked(subnode) }
        state.withLock { state in
            state.subnodes.insert(subnode, at: Swift.min(Swift.max(index, 0), state.subnodes.count))
        }
        subnode.state.withLock { $0.supernode = self }
        subnode.supernodeDidChange(from: nil)
    }

    /// Removes `subnode` from this node without checks.
    func removeUnchecked(_ subnode: DisplayNode) {
        let removed = state.withLock { state in
            guard let index = state.subnodes.firstIndex(where: { $0 === subnode }) else { return false }
            state.subnodes.remove(at: index)
            return true
        }
        guard removed else { return }
        let detached = subnode.state.withLock { state in
            guard state.supernode === self else { return false }
            state.supernode = nil
            return true
        }
        if detached { subnode.supernodeDidChange(from: self) }
    }

    private func detachFromSupernode(manual: Bool) throws(NodeError) {
        guard let supernode else { return }
        if manual { try checkManualMutation("removeFromSupernode", of: supernode) }
        supernode.removeUnchecked(self)
    }

    private func checkManualMutation(_ operation: String, of node: DisplayNode) throws(NodeError) {
        let managed = node.state.withLock { $0.automaticallyManagesSubnodes }
        let inCallback = node.layoutSpecCallbackDepth.load(ordering: .relaxed) > 0
        if inCallback { throw .subnodesMutatedInLayoutSpec(node: node.id, operation: operation) }
        if managed { throw .automaticallyManagedSubnodes(node: node.id, operation: operation) }
    }

    private func checkNoCycle(_ subnode: DisplayNode) throws(NodeError) {
        var ancestor: DisplayNode? = self
        while let node = ancestor {
            if node === subnode { throw .cycle(subnode: subnode.id, supernode: id) }
            ancestor = node.supernode
        }
    }

    /// Every node below this one, depth first (not the node itself).
    var descendants: [DisplayNode] {
        var result: [DisplayNode] = []
        var stack = subnodes.reversed() as [DisplayNode]
        while let node = stack.popLast() {
            result.append(node)
            stack.append(contentsOf: node.subnodes.reversed())
        }
        return result
    }

    /// Whether a supernode, transitively, is running a layout transition.
    var isAncestorInLayoutTransition: Bool {
        var ancestor = supernode
        while let node = ancestor {
            if node.state.withLock({ $0.transitionID != 0 }) { return true }
            ancestor = node.supernode
        }
        return false
    }
}
