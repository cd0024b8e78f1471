import LayoutCore
import Synchronization

/// A node: an element of the view hierarchy that measures itself (Texture's `ASDisplayNode`).
///
/// A node sizes itself in one of two ways (semantics §2.3):
/// - **Spec path**: ``layoutSpecThatFits(_:)`` (or ``layoutSpecBlock``) returns an element; the
///   node lays it out with the resolved range and flattens the result so that its layout
///   holds only node sublayouts.
/// - **Manual path**: otherwise ``calculateSizeThatFits(_:)`` gives a size that is clamped into
///   the resolved range. The default fills a finite max and collapses to the min when either
///   max component is unbounded.
///
/// Measurements are cached in two records, *pending* and *calculated* (see ``NodeLayout``);
/// the layout pass (``layoutIfNeeded()``) applies them. Subnodes, automatic subnode management
/// and layout transitions live in the `DisplayNode+…` files.
///
/// Headless: there are no views. ``bounds`` and ``frame`` are stored values, "loading" is a flag
/// (``loadIfNeeded()``), and the "needs layout" mark a layer would carry lives on the node.
///
/// Thread safety: every piece of mutable state lives in one `Mutex`, which is why the class is
/// `@unchecked Sendable`. The lock is never held while user code (`layoutSpecThatFits`,
/// `calculateSizeThatFits`, hooks, other nodes) runs, and never two nodes' locks at once.
/// Subclasses keep their own mutable state behind a lock too.
open class DisplayNode: LayoutElement, @unchecked Sendable {
    /// The node's stable id, unique within a layout tree.
    public let id: LayoutElementID

    let state: Mutex<State>
    /// Interface state, range-managed flag and delegates (DisplayNode+InterfaceState.swift).
    let interfaceStorage = InterfaceStateStorage()

    struct State {
        var style: LayoutStyle
        var layoutSpecBlock: (@Sendable (DisplayNode, SizeRange) -> any LayoutElement)?
        var layoutContext: LayoutContext
        var layoutVersion: UInt
        var pending: NodeLayout?
        var calculated: NodeLayout?

        // Hierarchy
        var subnodes: [DisplayNode]
        weak var supernode: DisplayNode?
        var automaticallyManagesSubnodes: Bool

        // Geometry (anchor point fixed at the centre, as UIKit's default)
        var bounds: Rect
        var position: Point
        var isNodeLoaded: Bool
        /// Headless stand-in for the layer's needs-layout flag; a new node needs layout.
        var needsLayout: Bool

        // Transitions (§5.5, §6.4)
        /// The id of the transition this node is running, 0 when none.
        var transitionID: UInt
        /// The id of an ancestor's transition this node waits for ("layout pending"), 0 when none.
        var pendingTransitionID: UInt
        /// Fields few nodes ever set, allocated on first write: nodes are made by the thousand
        /// and every byte of `State` is written when one is created and read when it is freed.
        private var rarelyUsed: RarelyUsedState?

        /// A new node's state: `style`, version 1, no layouts, no subnodes, needing layout.
        @inline(__always)
        init(style: LayoutStyle = LayoutStyle()) {
            self.style = style
            layoutContext = .retina
            layoutVersion = 1
            subnodes = []
            automaticallyManagesSubnodes = false
            bounds = Rect(0, 0, 0, 0)
            position = .zero
            isNodeLoaded = false
            needsLayout = true
            transitionID = 0
            pendingTransitionID = 0
        }

        /// A layout the pass measured while an ancestor was transitioning, applied when it ends.
        var pendingLayoutTransition: NodeLayout? {
            get { rarelyUsed?.pendingLayoutTransition }
            set {
                if newValue == nil && rarelyUsed == nil { return }
                rarelyUsedState().pendingLayoutTransition = newValue
            }
        }

        var measurementExecutor: any LayoutMeasurementExecutor {
            get { rarelyUsed?.measurementExecutor ?? DetachedMeasurementExecutor() }
            set { rarelyUsedState().measurementExecutor = newValue }
        }

        private mutating func rarelyUsedState() -> RarelyUsedState {
            if let rarelyUsed { return rarelyUsed }
            let created = RarelyUsedState()
            rarelyUsed = created
            return created
        }
    }

    /// The part of ``State`` that is allocated on demand. A class so that `State` holds only a
    /// reference; it is read and written only under the node's lock, like the rest of `State`.
    final class RarelyUsedState {
        var pendingLayoutTransition: NodeLayout?
        var measurementExecutor: any LayoutMeasurementExecutor = DetachedMeasurementExecutor()
    }

    /// Whether ``layoutSpecBlock`` is set, readable without the lock (measuring a plain node then
    /// takes no lock to find it has no block). Written under the lock with the block.
    let hasLayoutSpecBlock = Atomic<Bool>(false)
    /// > 0 while the layout-spec callback runs; subnode mutations are refused then. An atomic
    /// rather than a `State` field so that entering and leaving the callback takes no lock.
    let layoutSpecCallbackDepth = Atomic<Int>(0)

    public init(id: LayoutElementID) {
        self.id = id
        state = Mutex(State())
    }

    /// A node whose style starts as `style`: for subclasses that know their style when they are
    /// made, which then need no lock round to set it.
    public init(id: LayoutElementID, style: LayoutStyle) {
        self.id = id
        state = Mutex(State(style: style))
    }

    // MARK: - Style

    public var style: LayoutStyle {
        get { state.withLock { $0.style } }
        set { state.withLock { $0.style = newValue } }
    }

    /// Changes the style in place and returns the node itself (Texture's `styled`). Like Texture's
    /// non-Yoga builds, a style change does not invalidate the layout; call ``setNeedsLayout()``.
    @discardableResult
    public func styled(_ change: (inout LayoutStyle) -> Void) -> Self {
        state.withLock { change(&$0.style) }
        return self
    }

    /// A closure used instead of ``layoutSpecThatFits(_:)`` when set.
    public var layoutSpecBlock: (@Sendable (DisplayNode, SizeRange) -> any LayoutElement)? {
        get { state.withLock { $0.layoutSpecBlock } }
        set {
            state.withLock { state in
                state.layoutSpecBlock = newValue
                hasLayoutSpecBlock.store(newValue != nil, ordering: .relaxed)
            }
        }
    }

    /// The screen the layout pass and transitions measure for (default scale 2). Measurements
    /// requested through ``layoutThatFits(_:parentSize:context:)`` use the caller's context.
    public var layoutContext: LayoutContext {
        get { state.withLock { $0.layoutContext } }
        set { state.withLock { $0.layoutContext = newValue } }
    }

    // MARK: - Subclass hooks

    /// The element this node lays out, or `nil` for the manual sizing path. Subclasses override.
    ///
    /// Adding or removing subnodes of this node while it runs is refused (``NodeError``).
    open func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        nil
    }

    /// The manual path's size for a maximum. The default returns `constrainedSize` when both
    /// components are valid for a layout, else zero.
    open func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        Layout.isValid(size: constrainedSize) ? constrainedSize : .zero
    }

    /// Called once, by the first ``loadIfNeeded()``.
    open func didLoad() {}

    /// Called after a new layout has been applied (layout pass or finished transition).
    open func calculatedLayoutDidChange() {}

    /// Called by the layout pass of a loaded node after subnode frames are set (UIKit's `layout`).
    open func layout() {}

    /// Called after ``layout()`` (Texture's `layoutDidFinish`).
    open func layoutDidFinish() {}

    /// Computes the layout for an already-resolved range, without caching (Texture's
    /// `calculateLayoutThatFits:`). Subclasses with custom layout override it and return a
    /// layout whose sublayouts are positioned node layouts (measure those nodes with
    /// `layoutThatFits` so their ids resolve to them).
    open func calculateLayout(_ resolved: SizeRange, context: LayoutContext) -> Layout {
        defaultCalculateLayout(resolved, context: context)
    }

    /// The root's reaction to a subnode's size change (semantics §5.4): re-measure with the
    /// pending record's constraint (else the calculated one's, else exactly the bounds) and,
    /// when the size differs from the bounds ceiled to the pixel grid of the node's layout
    /// context (as the layout pass compares), call ``displayNodeDidInvalidateSize(_:)``.
    /// ``CellNode`` overrides it to tell its container instead.
    open func rootNodeDidInvalidateSize() {
        defaultRootNodeDidInvalidateSize()
    }

    /// The root wants `newSize`. The default resizes the bounds keeping the frame origin (the
    /// position moves by half the change, the anchor point being the centre).
    open func displayNodeDidInvalidateSize(_ newSize: Size) {
        defaultDisplayNodeDidInvalidateSize(newSize)
    }

    /// Animates from the old layout to the new one, then calls `context.completeTransition`.
    /// The default has nothing to animate headlessly: it applies the new subnode frames and
    /// completes at once, animated or not. Subclasses may complete later.
    open func animateLayoutTransition(_ context: LayoutTransitionContext) {
        applySubnodeFrames()
        context.completeTransition(true)
    }

    /// Called when a transition completes; the default applies the subnode removals (§6.3).
    open func didCompleteLayoutTransition(_ context: LayoutTransitionContext) {
        if automaticallyManagesSubnodes {
            applyRemovals(context.operations)
        }
    }

    /// Called on the "main" side once a transition's measurement is done, before its completion
    /// block. ``CellNode`` overrides it to tell its container.
    open func layoutTransitionMeasurementDidFinish() {}

    // MARK: - Records

    /// The current layout version, starting at 1; ``invalidateCalculatedLayout()`` increments it.
    public var layoutVersion: UInt { state.withLock { $0.layoutVersion } }

    /// Makes every cached layout stale (Texture's `invalidateCalculatedLayout`). It touches neither
    /// the records, the supernode nor the subnodes: their versions are simply out of date.
    public func invalidateCalculatedLayout() {
        state.withLock { $0.layoutVersion += 1 }
    }

    /// The applied layout, possibly stale (`nil` before the first layout pass or transition).
    public var calculatedLayout: Layout? { state.withLock { $0.calculated?.layout } }

    /// The applied record (for inspection).
    public var calculatedNodeLayout: NodeLayout? { state.withLock { $0.calculated } }

    /// The pending measurement, if any (for inspection and the layout pass).
    public var pendingLayout: NodeLayout? { state.withLock { $0.pending } }

    /// The pending layout's size when it is valid for the current version, else the calculated
    /// one's (zero before any measurement).
    public var calculatedSize: Size {
        state.withLock { state in
            if let pending = state.pending, pending.isValid(version: state.layoutVersion) { return pending.layout.size }
            return state.calculated?.layout.size ?? .zero
        }
    }

    /// The constrained size of the layout ``calculatedSize`` comes from (same preference).
    public var constrainedSizeForCalculatedLayout: SizeRange {
        state.withLock { state in
            if let pending = state.pending, pending.isValid(version: state.layoutVersion) {
                return pending.constrainedSize
            }
            return state.calculated?.constrainedSize ?? .zero
        }
    }

    // MARK: - Interface state hooks (DisplayNode+InterfaceState.swift drives them)

    // Declared in the class body because Swift cannot override members declared in extensions.
    /// Called when the node enters the preload state (§7.2); subclasses start fetching data. The
    /// default does nothing. The layout pass that gives a node managing its subnodes those
    /// subnodes runs after this hook, in the transition itself, so an override need not call
    /// `super` for it.
    open func didEnterPreloadState() {}
    /// Called when the node leaves the preload state; only range-managed nodes get it.
    open func didExitPreloadState() {}
    /// Called when the node enters the display state.
    open func didEnterDisplayState() {}
    /// Called when the node leaves the display state.
    open func didExitDisplayState() {}
    /// Called when the node becomes visible.
    open func didEnterVisibleState() {}
    /// Called when the node stops being visible.
    open func didExitVisibleState() {}
    /// Called after the enter/exit callbacks of one transition, with the new and old states.
    open func interfaceStateDidChange(_ newState: InterfaceState, from oldState: InterfaceState) {}
}
