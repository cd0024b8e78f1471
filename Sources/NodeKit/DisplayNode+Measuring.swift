import LayoutCore

extension DisplayNode {
    /// Measures the node, reusing the calculated or pending layout when its range, parent size,
    /// scale and version all match (parent sizes compare with IEEE `==`, so NaN never matches);
    /// otherwise computes and stores the result as the pending layout (semantics §2.3, §5.1).
    ///
    /// A node waiting for an ancestor's transition that is measured outside that transition
    /// computes without touching its caches (§2.3 step 1). Measuring never changes subnodes.
    public func layoutThatFits(_ range: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        let thread = SubnodeCollector.registerWithCurrent(self)
        // One lock round reads everything the decision needs; the style is used in place.
        let lookup = state.withLock { state -> CacheLookup in
            if DisplayNode.isForeign(pendingTransitionID: state.pendingTransitionID) {
                return .foreign(resolved: range.intersect(state.style.resolvedRange(parentSize: parentSize)))
            }
            let version = state.layoutVersion
            if state.calculated?.isValid(range, parentSize: parentSize, scale: context.scale, version: version) == true {
                return .hit(state.calculated.unsafelyUnwrapped.layout)
            }
            if state.pending?.isValid(range, parentSize: parentSize, scale: context.scale, version: version) == true {
                return .hit(state.pending.unsafelyUnwrapped.layout)
            }
            return .miss(resolved: range.intersect(state.style.resolvedRange(parentSize: parentSize)), version: version)
        }
        switch lookup {
        case .hit(let layout):
            return layout
        case .foreign(let resolved):
            return measure(resolved, context: context, thread: thread).layout
        case .miss(let resolved, let version):
            let (layout, nodes) = measure(resolved, context: context, thread: thread)
            var record: NodeLayout? = NodeLayout(layout: layout, constrainedSize: range, parentSize: parentSize,
                                                 scale: context.scale, version: version, nodes: nodes)
            state.withLock { $0.pending = record.take() }  // moved in, not copied
            return layout
        }
    }

    /// What ``layoutThatFits(_:parentSize:context:)`` found under the lock.
    private enum CacheLookup {
        /// A reusable calculated or pending layout.
        case hit(Layout)
        /// Measured outside the transition it waits for: compute without touching the caches.
        case foreign(resolved: SizeRange)
        /// Compute for `resolved` and store the result as pending for `version`.
        case miss(resolved: SizeRange, version: UInt)
    }

    /// Whether a node flagged "layout pending" for `pendingTransitionID` is being measured
    /// outside that transition (§5.5).
    static func isForeign(pendingTransitionID: UInt) -> Bool {
        pendingTransitionID != 0 && LayoutTransitionScope.transitionID != pendingTransitionID
    }

    /// `calculateLayout` with the nodes it met collected into a registry. `thread` is the calling
    /// thread's collector slot when the caller has already found it.
    func measure(_ resolved: SizeRange, context: LayoutContext, thread: SubnodeCollector.ThreadSlot? = nil)
        -> (layout: Layout, nodes: NodeRegistry) {
        var collector = SubnodeCollector()
        let layout = collector.collecting(in: thread) { calculateLayout(resolved, context: context) }
        return (layout, NodeRegistry(collector.nodes))
    }

    /// The default ``calculateLayout(_:context:)``: the spec path or the manual path.
    func defaultCalculateLayout(_ resolved: SizeRange, context: LayoutContext) -> Layout {
        guard let element = layoutSpec(for: resolved) else {
            let size = resolved.clamp(calculateSizeThatFits(resolved.max))
            return Layout(element: id, isNode: true, size: size, context: context)
        }
        let layout = element.layoutThatFits(resolved, parentSize: resolved.max, context: context)
        if layout.isNode && layout.element == id {
            return layout.flattened(context: context)
        }
        return layout.flattened(asSublayoutOf: id, context: context)
    }

    /// The element from the block or ``layoutSpecThatFits(_:)``, with subnode mutations of this
    /// node refused while the callback runs.
    private func layoutSpec(for resolved: SizeRange) -> (any LayoutElement)? {
        let block = hasLayoutSpecBlock.load(ordering: .relaxed) ? state.withLock { $0.layoutSpecBlock } : nil
        // Wrapping arithmetic compiles to one `lock xadd`; the checked `add` is a compare-and-swap
        // loop (the depth is bounded by the stack, so it cannot overflow).
        layoutSpecCallbackDepth.wrappingAdd(1, ordering: .relaxed)
        defer { layoutSpecCallbackDepth.wrappingSubtract(1, ordering: .relaxed) }
        return block.map { $0(self, resolved) } ?? layoutSpecThatFits(resolved)
    }
}
