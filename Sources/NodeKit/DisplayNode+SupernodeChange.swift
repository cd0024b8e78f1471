extension DisplayNode {
    /// What a node's new supernode, or the loss of one, does to it (Texture's `_setSupernode:`).
    /// Called after the hierarchy has changed, with no lock held; `oldSupernode` is the node it
    /// left, `nil` when it gained a supernode.
    ///
    /// Joining a supernode: a loaded supernode loads the node (and its subtree) first, so that its
    /// state callbacks find it loaded; then a range-managed supernode hands the node its
    /// range-managed flag and interface state (``inheritInterfaceState(from:)``).
    ///
    /// Leaving a range-managed supernode clears the flag on the node's subtree but leaves its
    /// interface state alone: the node may be added again at once, and churning its state would
    /// cost more than keeping it.
    func supernodeDidChange(from oldSupernode: DisplayNode?) {
        if let supernode {
            if supernode.isNodeLoaded { loadIfNeeded() }
            inheritInterfaceState(from: supernode)
        } else if let oldSupernode, oldSupernode.isRangeManaged {
            forEachInSubtree { node in node.interfaceStorage.fields.withLock { $0.isRangeManaged = false } }
        }
    }
}
