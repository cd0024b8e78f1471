/// Interface states and their transition callbacks (semantics §7.1–§7.2).
public extension DisplayNode {
    /// The node's current interface state.
    var interfaceState: InterfaceState { interfaceStorage.fields.withLock { $0.state } }

    /// Whether the preload bit is set.
    var isInPreloadState: Bool { interfaceState.contains(.preload) }
    /// Whether the display bit is set.
    var isInDisplayState: Bool { interfaceState.contains(.display) }
    /// Whether the visible bit is set.
    var isVisible: Bool { interfaceState.contains(.visible) }

    /// Whether a range controller drives this node's state (Texture's "range managed" hierarchy
    /// flag). Cells and their subtrees are range managed; only they get `didExitPreloadState`.
    /// Setting it applies to the whole subtree.
    var isRangeManaged: Bool {
        get { interfaceStorage.fields.withLock { $0.isRangeManaged } }
        set { forEachInSubtree { node in node.interfaceStorage.fields.withLock { $0.isRangeManaged = newValue } } }
    }

    /// Whether rendering is suspended: set when a range-managed node leaves the display range,
    /// cleared when it re-enters it (Texture clears contents a run loop later; we only track it).
    var isDisplaySuspended: Bool { interfaceStorage.fields.withLock { $0.isDisplaySuspended } }

    // MARK: - Delegates

    /// Registers a delegate, held weakly, that hears every transition after the node's own hook.
    func addInterfaceStateDelegate(_ delegate: any InterfaceStateDelegate) {
        interfaceStorage.fields.withLock { fields in
            fields.delegates.removeAll { $0.value == nil || $0.value === delegate }
            fields.delegates.append(WeakInterfaceStateDelegate(value: delegate))
        }
    }

    /// Unregisters a delegate; unknown delegates are ignored.
    func removeInterfaceStateDelegate(_ delegate: any InterfaceStateDelegate) {
        interfaceStorage.fields.withLock { fields in
            fields.delegates.removeAll { $0.value == nil || $0.value === delegate }
        }
    }

    // MARK: - Transitions

    /// Moves this node (not its subnodes) to `newState`, firing the callbacks in Texture's order:
    /// preload, display, visible, then `interfaceStateDidChange`; each step calls the node's hook
    /// first, then every delegate (entering preload runs ``layoutForPreload()`` between them).
    /// Leaving preload is reported only for range-managed nodes. Setting the current state again
    /// does nothing.
    func setInterfaceState(_ newState: InterfaceState) {
        let transition: (old: InterfaceState, managed: Bool, delegates: [any InterfaceStateDelegate])? =
            interfaceStorage.fields.withLock { fields in
                let old = fields.state
                guard old != newState else { return nil }
                fields.state = newState
                if old.contains(.display) != newState.contains(.display), fields.isRangeManaged {
                    fields.isDisplaySuspended = !newState.contains(.display)
                }
                return (old, fields.isRangeManaged, fields.delegates.compactMap(\.value))
            }
        guard let (old, managed, delegates) = transition else { return }
        if old.contains(.preload) != newState.contains(.preload) {
            if newState.contains(.preload) {
                didEnterPreloadState()
                layoutForPreload()
                delegates.forEach { $0.didEnterPreloadState() }
            } else if managed {
                didExitPreloadState()
                delegates.forEach { $0.didExitPreloadState() }
            }
        }
        if old.contains(.display) != newState.contains(.display) {
            if newState.contains(.display) {
                didEnterDisplayState()
                delegates.forEach { $0.didEnterDisplayState() }
            } else {
                didExitDisplayState()
                delegates.forEach { $0.didExitDisplayState() }
            }
        }
        if old.contains(.visible) != newState.contains(.visible) {
            if newState.contains(.visible) {
                didEnterVisibleState()
                delegates.forEach { $0.didEnterVisibleState() }
            } else {
                didExitVisibleState()
                delegates.forEach { $0.didExitVisibleState() }
            }
        }
        interfaceStateDidChange(newState, from: old)
        delegates.forEach { $0.interfaceStateDidChange(newState, from: old) }
    }

    /// Applies `newState` to this node and then its subtree, pre-order.
    func recursivelySetInterfaceState(_ newState: InterfaceState) {
        forEachInSubtree { $0.setInterfaceState(newState) }
    }

    /// Adds `bits` to every node of the subtree (each keeps its other bits).
    func enterInterfaceState(_ bits: InterfaceState) {
        forEachInSubtree { $0.setInterfaceState($0.interfaceState.union(bits)) }
    }

    /// Removes `bits` from every node of the subtree (each keeps its other bits).
    func exitInterfaceState(_ bits: InterfaceState) {
        forEachInSubtree { $0.setInterfaceState($0.interfaceState.subtracting(bits)) }
    }

    /// Entering preload, after the node's own hook and before its delegates (Texture's private
    /// `_didEnterPreloadState`, so it runs whether or not an override calls `super`): a node that
    /// manages its subnodes runs its layout pass, so that its subnodes exist and start preloading
    /// too (they inherit its state as they are inserted).
    private func layoutForPreload() {
        if automaticallyManagesSubnodes { layoutIfNeeded() }
    }

    /// Re-runs `didEnterPreloadState` on the subtree when the node is in preload (Texture's
    /// `setNeedsPreload`), e.g. after a network image node's URL changed. Delegates are not told.
    func setNeedsPreload() {
        guard isInPreloadState else { return }
        forEachInSubtree { $0.didEnterPreloadState() }
    }

    /// Gives a subnode just added to `supernode` the range-managed flag and interface state of a
    /// range-managed supernode (§7.1; Texture's hierarchy state entering "range managed"). Every
    /// node of the subtree that was not range managed becomes so and then enters its own
    /// supernode's state bits (each keeps the bits it has), pre-order; nodes already range
    /// managed keep their state. Under an unmanaged supernode nothing changes: window
    /// membership, not the supernode, gives unmanaged nodes their state.
    func inheritInterfaceState(from supernode: DisplayNode) {
        guard supernode.isRangeManaged else { return }
        forEachInSubtree { node in
            let entered = node.interfaceStorage.fields.withLock { fields in
                defer { fields.isRangeManaged = true }
                return !fields.isRangeManaged
            }
            guard entered, let parent = node.supernode else { return }
            let bits = parent.interfaceState
            if !bits.isEmpty { node.enterInterfaceState(bits) }
        }
    }

    // MARK: - Window membership

    /// The node (is about to) enter a window: nodes not managed by a range controller get
    /// ``InterfaceState/inHierarchy``; range-managed nodes keep what their controller gave them.
    func willEnterHierarchy() {
        let managed = interfaceStorage.fields.withLock { fields in
            fields.isInHierarchy = true
            return fields.isRangeManaged
        }
        if !managed { setInterfaceState(.inHierarchy) }
    }

    /// The node left its window. Unmanaged nodes drop to no state at once. A range-managed node
    /// that was visible loses only the visible bit, and only when `schedule` runs the deferred
    /// work (Texture waits one run loop) and the node has not re-entered a window meanwhile.
    func didExitHierarchy(schedule: (@escaping @Sendable () -> Void) -> Void = { $0() }) {
        let managed = interfaceStorage.fields.withLock { fields in
            fields.isInHierarchy = false
            return fields.isRangeManaged
        }
        guard managed else {
            setInterfaceState([])
            return
        }
        guard isVisible else { return }
        schedule { [weak self] in
            guard let self else { return }
            let stillOut = interfaceStorage.fields.withLock { !$0.isInHierarchy }
            if stillOut, isVisible { setInterfaceState(interfaceState.subtracting(.visible)) }
        }
    }

    // MARK: - Subtree walk

    /// Calls `body` on this node and every descendant, pre-order.
    internal func forEachInSubtree(_ body: (DisplayNode) -> Void) {
        body(self)
        for child in interfaceStateSubnodes {
            child.forEachInSubtree(body)
        }
    }
}
