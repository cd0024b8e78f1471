import LayoutCore
import Synchronization

private let transitionCounter = Atomic<UInt>(LayoutTransitionScope.defaultID)

extension DisplayNode {
    /// Where transitions with `measureAsync: true` measure (default: a detached task).
    public var measurementExecutor: any LayoutMeasurementExecutor {
        get { state.withLock { $0.measurementExecutor } }
        set { state.withLock { $0.measurementExecutor = newValue } }
    }

    /// Whether a layout transition of this node is in flight.
    public var isInLayoutTransition: Bool { state.withLock { $0.transitionID != 0 } }

    /// The range a layout pass would measure with (§5.3 step 8's choice, from the bounds).
    public var constrainedSizeForLayoutPass: SizeRange {
        state.withLock { state in
            DisplayNode.constraintForLayoutPass(
                pending: state.pending, calculated: state.calculated,
                boundsSize: PixelSnapping.ceil(state.bounds.size, scale: state.layoutContext.scale))
        }
    }

    /// Re-measures with ``constrainedSizeForLayoutPass`` and applies the result as a transition.
    /// See ``transitionLayout(to:animated:measureAsync:completion:)``.
    nonisolated(nonsending)
    public func transitionLayout(animated: Bool, measureAsync: Bool, completion: (() -> Void)? = nil) async {
        await transitionLayout(to: constrainedSizeForLayoutPass, animated: animated, measureAsync: measureAsync,
                               completion: completion)
    }

    /// Texture's `transitionLayoutWithSizeRange:animated:shouldMeasureAsync:measurementCompletion:`
    /// (semantics §6.4). "Main" is the caller's isolation: this function runs there except for
    /// the measurement, which runs on ``measurementExecutor`` when `measureAsync` is true.
    ///
    /// Order: invalidate; measure (subnodes waiting for this transition use their caches, others
    /// measuring meanwhile don't); then, unless a newer transition started or this one was
    /// cancelled: calculated = new layout, descendants' pending layouts applied,
    /// ``layoutTransitionMeasurementDidFinish()``, `completion`, subnode insertions and moves,
    /// ``animateLayoutTransition(_:)`` (whose ``LayoutTransitionContext/completeTransition(_:)``
    /// applies removals via ``didCompleteLayoutTransition(_:)``), and the transition ends.
    ///
    /// Ignored when `range` has a max width or height ≤ 0, when this node waits for an
    /// ancestor's transition, or when an ancestor is running one (Texture asserts there).
    nonisolated(nonsending)
    public func transitionLayout(to range: SizeRange, animated: Bool, measureAsync: Bool,
                                 completion: (() -> Void)? = nil) async {
        guard range.max.width > 0, range.max.height > 0 else { return }
        let waiting = state.withLock { DisplayNode.isForeign(pendingTransitionID: $0.pendingTransitionID) }
        if waiting || isAncestorInLayoutTransition { return }

        invalidateCalculatedLayout()
        let transitionID = transitionCounter.add(1, ordering: .relaxed).newValue
        state.withLock { $0.transitionID = transitionID }
        let descendants = self.descendants
        for node in descendants {
            node.state.withLock { $0.pendingTransitionID = transitionID }
        }

        let (version, style, context, executor) = state.withLock {
            ($0.layoutVersion, $0.style, $0.layoutContext, $0.measurementExecutor)
        }
        let resolved = range.intersect(style.resolvedRange(parentSize: range.max))
        let work: @Sendable () -> MeasuredLayout = { [self] in
            LayoutTransitionScope.$transitionID.withValue(transitionID) {
                let (layout, nodes) = measure(resolved, context: context)
                return MeasuredLayout(layout: layout, nodes: nodes)
            }
        }
        let measured = measureAsync ? await executor.run(work) : work()
        guard isCurrentTransition(transitionID) else { return }

        let record = NodeLayout(layout: measured.layout, constrainedSize: range, parentSize: range.max,
                                scale: context.scale, version: version, nodes: measured.nodes)
        let previous = state.withLock { state in
            defer { state.calculated = record }
            return state.calculated
        }
        let operations = automaticallyManagesSubnodes
            ? SubnodeOperations(from: previous, to: record, currentSubnodes: subnodes)
            : SubnodeOperations()
        let transitionContext = LayoutTransitionContext(node: self, animated: animated, from: previous, to: record,
                                                        operations: operations)
        for node in descendants {
            node.completePendingLayoutTransition(transitionID)
        }
        layoutTransitionMeasurementDidFinish()
        completion?()
        applyInsertionsAndMoves(operations)
        animateLayoutTransition(transitionContext)
        state.withLock { state in
            if state.transitionID == transitionID { state.transitionID = 0 }
        }
    }

    /// Stops an in-flight transition: its result will not be applied, and descendants stop
    /// waiting for it.
    public func cancelLayoutTransition() {
        let cancelled = state.withLock { state in
            defer { state.transitionID = 0 }
            return state.transitionID
        }
        guard cancelled != 0 else { return }
        for node in descendants {
            node.state.withLock { state in
                if state.pendingTransitionID == cancelled { state.pendingTransitionID = 0 }
            }
        }
    }

    private func isCurrentTransition(_ transitionID: UInt) -> Bool {
        state.withLock { $0.transitionID == transitionID }
    }

    /// Clears the "layout pending" flag for `transitionID` and applies a layout that a layout
    /// pass measured meanwhile.
    private func completePendingLayoutTransition(_ transitionID: UInt) {
        let pending: NodeLayout? = state.withLock { state in
            guard state.pendingTransitionID == transitionID else { return nil }
            state.pendingTransitionID = 0
            defer { state.pendingLayoutTransition = nil }
            return state.pendingLayoutTransition
        }
        if let pending { applyLayout(pending) }
    }
}

/// A measurement's result carried back from the executor.
struct MeasuredLayout: Sendable {
    var layout: Layout
    var nodes: NodeRegistry
}
