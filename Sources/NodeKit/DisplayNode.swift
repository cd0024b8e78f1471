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
/// Measurements are cached by (range, parent size, scale, layout version): see ``NodeLayout``.
///
/// Thread safety: every piece of mutable state lives in one `Mutex`, which is why the class is
/// `@unchecked Sendable`. The lock is never held while user code (`layoutSpecThatFits`,
/// `calculateSizeThatFits`) runs. Subclasses keep their own mutable state behind a lock too.
open class DisplayNode: LayoutElement, @unchecked Sendable {
    /// The node's stable id, unique within a layout tree.
    public let id: LayoutElementID

    private let state: Mutex<State>
    /// Interface state, range-managed flag and delegates (DisplayNode+InterfaceState.swift).
    let interfaceStorage = InterfaceStateStorage()

    struct State {
        var style = LayoutStyle()
        var layoutSpecBlock: (@Sendable (DisplayNode, SizeRange) -> any LayoutElement)?
        var layoutVersion: UInt = 1
        var pending: NodeLayout?
        var calculated: NodeLayout?
    }

    public init(id: LayoutElementID) {
        self.id = id
        state = Mutex(State())
    }

    // MARK: - Style

    public var style: LayoutStyle {
        get { state.withLock { $0.style } }
        set { state.withLock { $0.style = newValue } }
    }

    /// Changes the style in place and returns the node itself (Texture's `styled`).
    @discardableResult
    public func styled(_ change: (inout LayoutStyle) -> Void) -> Self {
        state.withLock { change(&$0.style) }
        return self
    }

    /// A closure used instead of ``layoutSpecThatFits(_:)`` when set.
    public var layoutSpecBlock: (@Sendable (DisplayNode, SizeRange) -> any LayoutElement)? {
        get { state.withLock { $0.layoutSpecBlock } }
        set { state.withLock { $0.layoutSpecBlock = newValue } }
    }

    // MARK: - Subclass hooks

    /// The element this node lays out, or `nil` for the manual sizing path. Subclasses override.
    open func layoutSpecThatFits(_ constrainedSize: SizeRange) -> (any LayoutElement)? {
        nil
    }

    /// The manual path's size for a maximum. The default returns `constrainedSize` when both
    /// components are valid for a layout, else zero.
    open func calculateSizeThatFits(_ constrainedSize: Size) -> Size {
        Layout.isValid(size: constrainedSize) ? constrainedSize : .zero
    }

    // MARK: - Measuring

    /// The current layout version; ``invalidateCalculatedLayout()`` increments it.
    public var layoutVersion: UInt { state.withLock { $0.layoutVersion } }

    /// Makes every cached layout stale (Texture's `invalidateCalculatedLayout`).
    public func invalidateCalculatedLayout() {
        state.withLock { $0.layoutVersion += 1 }
    }

    /// Measures the node, reusing the calculated or pending layout when its range, parent size,
    /// scale and version all match (parent sizes compare with IEEE `==`, so NaN never matches).
    public func layoutThatFits(_ range: SizeRange, parentSize: Size, context: LayoutContext) -> Layout {
        let version: UInt = state.withLock { state in
            state.layoutVersion
        }
        if let hit = cachedLayout(range, parentSize: parentSize, context: context, version: version) {
            return hit
        }
        let layout = calculateLayout(range.intersect(style.resolvedRange(parentSize: parentSize)), context: context)
        let record = NodeLayout(layout: layout, constrainedSize: range, parentSize: parentSize,
                                scale: context.scale, version: version)
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

    /// Computes the layout for an already-resolved range, without caching (Texture's
    /// `calculateLayoutThatFits:`). Subclasses with custom layout override it and return a
    /// layout whose sublayouts are positioned node layouts.
    open func calculateLayout(_ resolved: SizeRange, context: LayoutContext) -> Layout {
        let element = layoutSpecBlock.map { $0(self, resolved) } ?? layoutSpecThatFits(resolved)
        guard let element else {
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

    /// The most recent valid measurement's size, preferring the pending one.
    public var calculatedSize: Size {
        state.withLock { state in
            if let pending = state.pending, pending.version >= state.layoutVersion { return pending.layout.size }
            return state.calculated?.layout.size ?? .zero
        }
    }

    /// The pending measurement, if any (for inspection and the layout pass).
    public var pendingLayout: NodeLayout? { state.withLock { $0.pending } }

    // MARK: - Interface state hooks (DisplayNode+InterfaceState.swift drives them)

    // Declared in the class body because Swift cannot override members declared in extensions.
    /// Called when the node enters the preload state (§7.2). Subclasses start fetching data.
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
