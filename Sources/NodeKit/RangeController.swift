import LayoutCore

/// Sets every allocated cell's interface state from where it sits relative to the viewport
/// (Texture's `ASRangeController`, semantics §7.3–§7.4).
///
/// Give it the viewport, the scroll direction and the cells with their frames; it computes the
/// visible, display and preload sets and applies to each cell node (recursively) the state
/// that follows, touching only nodes whose state changes: visible cells first, then display,
/// then preload, as Texture's `_updateVisibleNodeIndexPaths` visits them. A cell about to
/// become visible is loaded first (``DisplayNode/loadIfNeeded()``: where Texture's collection
/// view puts the cell's view on screen) and gets a layout pass after its new state.
///
/// Mode selection: the first update uses Minimum; later updates switch to Full once the content
/// has been scrolled while the container is visible (Minimum when it is not).
/// ``updateCurrentRange(with:)`` pins a mode for the next update, which is how memory warnings
/// and background transitions act.
///
/// Not `Sendable`: one owner drives it, as Texture's main thread does.
public final class RangeController {
    /// Buffer sizes per mode and range type.
    public var tuning: RangeTuningTable
    /// The axes the container scrolls along.
    public var scrollableDirections: ScrollDirection
    /// The container's own state: cells become visible only when it includes `.visible`.
    public var containerInterfaceState: InterfaceState = .inHierarchy

    public private(set) var currentRangeMode: RangeMode = .unspecified
    /// Set while the app is in the background: the container then counts as not visible.
    public private(set) var isBackgrounded = false

    var preserveCurrentRangeMode = false
    private var contentHasBeenScrolled = false
    private var previousScrollDirection: ScrollDirection = [.down, .right]
    private var previousContentOffset: Point?
    private var previouslyTouched: Set<ItemPath> = []
    /// The nodes of the visible cells, in path order.
    private var visibleNodes: [DisplayNode] = []
    private var rangeIsValid = false

    public init(tuning: RangeTuningTable = .default, scrollableDirections: ScrollDirection = .vertical) {
        self.tuning = tuning
        self.scrollableDirections = scrollableDirections
    }

    /// The container's state as the controller uses it: without `.visible` while backgrounded.
    public var effectiveContainerState: InterfaceState {
        isBackgrounded ? containerInterfaceState.subtracting(.visible) : containerInterfaceState
    }

    /// Makes the next update visit every cell (Texture invalidates the range after data changes,
    /// since index paths may now name other cells).
    public func invalidateRange() {
        rangeIsValid = false
    }

    /// Uses `mode` for the next update instead of choosing one (Texture's
    /// `updateCurrentRangeWithMode:`).
    public func updateCurrentRange(with mode: RangeMode) {
        preserveCurrentRangeMode = true
        if currentRangeMode != mode {
            currentRangeMode = mode
            rangeIsValid = false
        }
    }

    /// Records that the app entered or left the background (see ``RangeController+Modes``).
    func setBackgrounded(_ value: Bool) {
        isBackgrounded = value
        rangeIsValid = false
    }

    // MARK: - Update

    /// Runs one range update (§7.4) over `elements`, every cell with its frame and node (if
    /// allocated). It learns their order first, one pass over them: a host that scrolls a long
    /// list keeps a ``RangeList`` and calls ``update(viewport:scrollDirection:list:visible:)``.
    @discardableResult
    public func update(viewport: Viewport, scrollDirection: ScrollDirection, elements: [RangeElement],
                       visible: Set<ItemPath>? = nil) -> RangeUpdate {
        update(viewport: viewport, scrollDirection: scrollDirection, list: RangeList(elements), visible: visible)
    }

    /// Runs one range update (§7.4).
    ///
    /// - Parameters:
    ///   - viewport: the container's bounds in content coordinates.
    ///   - scrollDirection: the current direction; `.none` reuses the previous one (initially
    ///     down and right).
    ///   - list: every cell with its frame and node (if allocated).
    ///   - visible: the cells the host shows; by default those whose frames intersect the
    ///     viewport. When empty, the geometry only fixes the visible bit and the update stops.
    @discardableResult
    public func update(viewport: Viewport, scrollDirection: ScrollDirection, list: RangeList,
                       visible: Set<ItemPath>? = nil) -> RangeUpdate {
        if let previous = previousContentOffset, previous != viewport.contentOffset { contentHasBeenScrolled = true }
        previousContentOffset = viewport.contentOffset
        let direction = scrollDirection.isEmpty ? previousScrollDirection : scrollDirection
        previousScrollDirection = direction

        let visibleSet = visible ?? list.paths(intersecting: viewport.bounds)
        if visibleSet.isEmpty {
            let geometric = list.paths(intersecting: viewport.bounds)
            setVisibleNodes(geometric.sorted().compactMap { list.node(at: $0) })
            return RangeUpdate(mode: .unspecified, scrollDirection: direction, visible: geometric, display: [],
                               preload: [], changedStates: [:])
        }

        let container = effectiveContainerState
        let mode = selectMode(containerVisible: container.contains(.visible))
        let (display, preload) = rangeSets(mode: mode, viewport: viewport, direction: direction,
                                           visible: visibleSet, list: list)
        let current = visibleSet.union(display).union(preload)

        var changed: [ItemPath: InterfaceState] = [:]
        func apply(_ path: ItemPath, _ node: DisplayNode?) {
            guard let node else { return }
            let state = cellState(path, container: container, mode: mode,
                                  visible: visibleSet, display: display, preload: preload)
            if !node.isRangeManaged { node.isRangeManaged = true }
            guard node.interfaceState != state else { return }
            let shown = state.contains(.visible)
            if shown { node.loadIfNeeded() }
            node.recursivelySetInterfaceState(state)
            if shown { node.layoutIfNeeded() }
            changed[path] = state
        }
        // Visible cells first, then the rest of the display range, then the rest of the preload
        // range (each in path order), so that visible cells' work is queued first; then the
        // cells in a range at the last update and no longer; after a change of data or mode,
        // every other cell too, in path order.
        let ranked = [visibleSet, display, preload]
        var visited: Set<ItemPath> = []
        for (rank, paths) in ranked.enumerated() {
            for path in paths.sorted() where !ranked[..<rank].contains(where: { $0.contains(path) }) {
                visited.insert(path)
                apply(path, list.node(at: path))
            }
        }
        for path in previouslyTouched.subtracting(visited).sorted() {
            visited.insert(path)
            apply(path, list.node(at: path))
        }
        if !rangeIsValid && list.isSorted {
            for element in list.elements where !visited.contains(element.path) { apply(element.path, element.node) }
        } else if !rangeIsValid {
            for path in list.elements.map(\.path).sorted() where !visited.contains(path) {
                visited.insert(path)  // a path listed twice is visited once
                apply(path, list.node(at: path))
            }
        }
        previouslyTouched = current
        rangeIsValid = true
        preserveCurrentRangeMode = false
        setVisibleNodes(visibleSet.sorted().compactMap { list.node(at: $0) })
        return RangeUpdate(mode: mode, scrollDirection: direction, visible: visibleSet, display: display,
                           preload: preload, changedStates: changed)
    }

    private func selectMode(containerVisible: Bool) -> RangeMode {
        let mayUpdate = !preserveCurrentRangeMode && contentHasBeenScrolled
        if currentRangeMode == .unspecified || (mayUpdate && containerVisible) {
            currentRangeMode = (!containerVisible || currentRangeMode == .unspecified) ? .minimum : .full
        }
        return currentRangeMode
    }

    /// §7.4 step 4: the display and preload sets, reusing the visible or display set when the
    /// parameters say they coincide.
    private func rangeSets(mode: RangeMode, viewport: Viewport, direction: ScrollDirection, visible: Set<ItemPath>,
                           list: RangeList) -> (display: Set<ItemPath>, preload: Set<ItemPath>) {
        let displayParameters = tuning[mode, .display]
        let preloadParameters = tuning[mode, .preload]
        let display: Set<ItemPath>
        if mode == .lowMemory {
            display = []
        } else if displayParameters == .zero {
            display = visible
        } else {
            display = list.paths(intersecting: rangeRect(displayParameters, viewport: viewport, direction: direction))
        }
        let preload: Set<ItemPath>
        if preloadParameters == displayParameters {
            preload = display
        } else if preloadParameters == .zero {
            preload = visible
        } else {
            preload = list.paths(intersecting: rangeRect(preloadParameters, viewport: viewport, direction: direction))
        }
        return (display, preload)
    }

    /// The rectangle a range covers for these parameters (§7.3).
    public func rangeRect(_ parameters: RangeTuningParameters, viewport: Viewport,
                          direction: ScrollDirection) -> Rect {
        parameters.expand(viewport.bounds, scrollableDirections: scrollableDirections, scrollDirection: direction)
    }

    /// §7.4 step 5: a cell's state from the sets and the container's visibility.
    private func cellState(_ path: ItemPath, container: InterfaceState, mode: RangeMode, visible: Set<ItemPath>,
                           display: Set<ItemPath>, preload: Set<ItemPath>) -> InterfaceState {
        var state: InterfaceState = .measureLayout
        if container.contains(.visible) {
            if visible.contains(path) {
                state.formUnion([.visible, .display, .preload])
            } else {
                if preload.contains(path) { state.insert(.preload) }
                if display.contains(path) { state.insert(.display) }
            }
        } else if visible.contains(path) {
            state.insert(.preload)
            if mode != .lowMemory { state.insert(.display) }
        } else if display.contains(path) {
            state.insert(.preload)
        }
        return state
    }

    /// §7.4 step 6: nodes that were visible and no longer are lose the visible bit, in the
    /// order of their cells (`nodes` are in path order).
    private func setVisibleNodes(_ nodes: [DisplayNode]) {
        let new = Set(nodes.map(ObjectIdentifier.init))
        for node in visibleNodes where !new.contains(ObjectIdentifier(node)) && node.isVisible {
            node.exitInterfaceState(.visible)
        }
        visibleNodes = nodes
    }
}
