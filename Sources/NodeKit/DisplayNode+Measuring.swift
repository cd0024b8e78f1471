import LayoutCore

extension DisplayNode {
    /// Measures the node, reusing the calculated or pending layout when its range, parent size,
    /// scale and version all match (parent sizes compare with IEEE `==`, so NaN never matches);
    /// otherwise computes and stores the result as the pending layout (semantics §2.3, §5.1).
    ///
    /// A node waiting for an ancestor's transition that is measured outside that transition
    /// computes without touching its caches (§2.3 step 1). Measuring never changes subnodes.
    public func layoutThatFits(_ range: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        SubnodeCollector.current?.register(self)
        let (version, style, foreign) = state.withLock { state in
            (state.layoutVersion, state.style, DisplayNode.isForeign(pendingTransitionID: state.pendingTransitionID))
        }
        if foreign {
            return measure(range.intersect(style.resolvedRange(parentSize: parentSize)), context: context).layout
        }
        if let hit = cachedLayout(range, parentSize: parentSize, context: context, version: version) {
            return hit
        }
        let resolved = range.intersect(style.resolvedRange(parentSize: parentSize))
        let (layout, nodes) = measure(resolved, context: context)
        let record = NodeLayout(layout: layout, constrainedSize: range, parentSize: parentSize,
                                scale: context.scale, version: version, nodes: nodes)
        state.withLock { $0.pending = record }
        return layout
    }

    private func cachedLayout(_ range: SizeRange, parentSize: Size, context: LayoutContext, version: UInt) -> Layout? {
        state.withLock { state in
            if let calculated = state.calculated,
               calculated.isValid(range, parentSize: parentSize, scale: context.scale, version: version) {
                return calculated.layout
            }
            if let pending = state.pending,
               pending.isValid(range, parentSize: parentSize, scale: context.scale, version: version) {
                return pending.layout
            }
            return nil
        }
    }

    /// Whether a node flagged "layout pending" for `pendingTransitionID` is being measured
    /// outside that transition (§5.5).
    static func isForeign(pendingTransitionID: UInt) -> Bool {
        pendingTransitionID != 0 && LayoutTransitionScope.transitionID != pendingTransitionID
    }

    /// `calculateLayout` with the nodes it met collected into a registry.
    func measure(_ resolved: SizeRange, context: LayoutContext) -> (layout: Layout, nodes: NodeRegistry) {
        let collector = SubnodeCollector()
        let layout = SubnodeCollector.$current.withValue(collector) {
            calculateLayout(resolved, context: context)
        }
        return (layout, collector.registry)
    }

    /// The default ``calculateLayout(_:context:)``: the spec path or the manual path.
    func defaultCalculateLayout(_ resolved: SizeRange, context: LayoutContext) -> Layout {
        guard let element = layoutSpec(for: resolved) else {
            let size = resolved.clamp(calculateSizeThatFits(resolved.max))
            return Layout(element: id, isNode: true, size: size, context: context)
        }
        var layout = element.layoutThatFits(resolved, parentSize: resolved.max, context: context)
        if !(layout.isNode && layout.element == id) {
            let size = layout.size
            layout = Layout(element: id, isNode: true, exactSize: size, position: .zero,
                            sublayouts: [layout.positioned(at: .zero)])
        }
        return layout.flattened(context: context)
    }

    /// The element from the block or ``layoutSpecThatFits(_:)``, with subnode mutations of this
    /// node refused while the callback runs.
    private func layoutSpec(for resolved: SizeRange) -> (any LayoutElement)? {
        let block = state.withLock { state in
            state.layoutSpecCallbackDepth += 1
            return state.layoutSpecBlock
        }
        defer { state.withLock { $0.layoutSpecCallbackDepth -= 1 } }
        return block.map { $0(self, resolved) } ?? layoutSpecThatFits(resolved)
    }
}
