import LayoutCore

extension DisplayNode {
    /// Invalidates the calculated layout and marks the node as needing layout (semantics §5.2).
    /// Nothing propagates upwards here: if the next layout pass finds a different size, that
    /// pass escalates to the root (§5.3 step 9).
    public func setNeedsLayout() {
        state.withLock { state in
            state.layoutVersion += 1
            state.needsLayout = true
        }
    }

    /// Runs the layout pass on every node of this subtree that needs layout, top-down: the node
    /// itself, then its subnodes (whose frames the pass may just have set). A size escalation
    /// that marks this node again (§5.4) is handled by repeating, at most a few times.
    ///
    /// Like UIKit's layout, call it from one isolation at a time (Texture's main thread): the
    /// pass reads and applies records in several steps. Measuring may run anywhere meanwhile.
    public func layoutIfNeeded() {
        for _ in 0..<4 {
            layoutSubtreeIfNeeded()
            guard needsLayout else { return }
        }
    }

    private func layoutSubtreeIfNeeded() {
        let needs = state.withLock { state in
            defer { state.needsLayout = false }
            return state.needsLayout
        }
        if needs { layoutPass() }
        for subnode in subnodes {
            subnode.layoutSubtreeIfNeeded()
        }
    }

    /// Texture's `__layout` (§5.3).
    func layoutPass() {
        let (bounds, transitioning) = state.withLock { ($0.bounds, $0.transitionID != 0) }
        if bounds == Rect(0, 0, 0, 0) || transitioning { return }
        LayoutTransitionScope.$transitionID.withValue(LayoutTransitionScope.transitionID ?? LayoutTransitionScope.defaultID) {
            measureNodeWithBoundsIfNecessary(bounds)
        }
        applySubnodeFrames()
        if isNodeLoaded {
            layout()
            layoutDidFinish()
        }
    }

    /// §5.3 step 3: re-measures for the bounds when no applied layout fits them, applies the
    /// result (with subnode insertions and removals under automatic management) and escalates
    /// to the root when the node wants another size than its bounds.
    func measureNodeWithBoundsIfNecessary(_ bounds: Rect) {
        let snapshot = state.withLock { state in
            (state.pending, state.calculated, state.layoutVersion, state.style, state.layoutContext,
             DisplayNode.isForeign(pendingTransitionID: state.pendingTransitionID))
        }
        let (pending, calculated, version, style, context, foreign) = snapshot
        if foreign { return }
        let boundsSize = PixelSnapping.ceil(bounds.size, scale: context.scale)

        let pendingPreferred: Bool = {
            guard let pending, pending.isValid(version: version) else { return false }
            let calculatedVersion = calculated?.version ?? 0
            return pending.version > calculatedVersion
                || (pending.version == calculatedVersion && pending.constrainedSize != calculated?.constrainedSize)
        }()
        let calculatedReusable = calculated.map {
            $0.isValid(version: version) && ($0.requestedLayoutFromAbove || $0.layout.size == boundsSize)
        } ?? false
        if !pendingPreferred && calculatedReusable { return }

        cancelLayoutTransition()

        var candidate: NodeLayout
        if let pending, pending.isValid(version: version), pending.layout.size == boundsSize {
            candidate = pending
        } else {
            let constraint = DisplayNode.constraintForLayoutPass(pending: pending, calculated: calculated,
                                                                 boundsSize: boundsSize)
            let resolved = constraint.intersect(style.resolvedRange(parentSize: boundsSize))
            let (layout, nodes) = measure(resolved, context: context)
            candidate = NodeLayout(layout: layout, constrainedSize: constraint, parentSize: boundsSize,
                                   scale: context.scale, version: version, nodes: nodes)
            state.withLock { $0.pending = nil }
        }

        if !candidate.requestedLayoutFromAbove && candidate.layout.size != boundsSize {
            candidate.requestedLayoutFromAbove = true
            setNeedsLayoutFromAbove()
            candidate.version = state.withLock { state in
                state.pending = nil
                return state.layoutVersion
            }
        }

        if isAncestorInLayoutTransition {
            state.withLock { $0.pendingLayoutTransition = candidate }
        } else {
            applyLayout(candidate)
        }
    }

    /// §5.3 step 8's constraint: the pending record's when it was requested from above or fits
    /// the bounds, else the calculated one's under the same condition, else exactly the bounds.
    static func constraintForLayoutPass(pending: NodeLayout?, calculated: NodeLayout?, boundsSize: Size) -> SizeRange {
        if let pending, pending.requestedLayoutFromAbove || pending.layout.size == boundsSize {
            return pending.constrainedSize
        }
        if let calculated, calculated.requestedLayoutFromAbove || calculated.layout.size == boundsSize {
            return calculated.constrainedSize
        }
        return SizeRange(exactly: boundsSize)
    }

    /// Commits `record` without animation: calculated = record; under automatic management
    /// removals then insertions and moves; then ``calculatedLayoutDidChange()``.
    func applyLayout(_ record: NodeLayout) {
        let previous = state.withLock { state in
            defer {
                state.calculated = record
                state.pendingLayoutTransition = nil
            }
            return state.calculated
        }
        if automaticallyManagesSubnodes {
            let operations = SubnodeOperations(from: previous, to: record, currentSubnodes: subnodes)
            applyRemovals(operations)
            applyInsertionsAndMoves(operations)
        }
        calculatedLayoutDidChange()
    }

    /// §5.3 step 5: each subnode the calculated layout places gets that frame, unless the
    /// calculated layout is stale. Subnodes absent from the layout keep their frames.
    func applySubnodeFrames() {
        let (calculated, version, subnodes) = state.withLock { ($0.calculated, $0.layoutVersion, $0.subnodes) }
        guard let calculated, calculated.version >= version else { return }
        for subnode in subnodes {
            if let frame = calculated.layout.frame(for: subnode.id) {
                subnode.frame = frame
            }
        }
    }

    // MARK: - Escalation (§5.4)

    /// Invalidates this node and marks it for layout, then does the same for every ancestor; the
    /// root re-measures (``rootNodeDidInvalidateSize()``).
    public func setNeedsLayoutFromAbove() {
        setNeedsLayout()
        if let supernode {
            supernode.setNeedsLayoutFromAbove()
        } else {
            rootNodeDidInvalidateSize()
        }
    }

    /// The default ``rootNodeDidInvalidateSize()``.
    func defaultRootNodeDidInvalidateSize() {
        let (pending, calculated, bounds, context) = state.withLock {
            ($0.pending, $0.calculated, $0.bounds, $0.layoutContext)
        }
        let boundsSize = PixelSnapping.ceil(bounds.size, scale: context.scale)
        let constraint = pending?.constrainedSize ?? calculated?.constrainedSize ?? SizeRange(exactly: boundsSize)
        let layout = layoutThatFits(constraint, context: context)
        if layout.size != boundsSize {
            displayNodeDidInvalidateSize(layout.size)
        }
    }

    /// The default ``displayNodeDidInvalidateSize(_:)``: resize keeping the frame origin.
    func defaultDisplayNodeDidInvalidateSize(_ newSize: Size) {
        let frame = self.frame
        self.frame = Rect(origin: frame.origin, size: newSize)
    }
}
