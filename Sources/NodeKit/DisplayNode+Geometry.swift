import LayoutCore

extension DisplayNode {
    /// The node's bounds (a stored value: there is no view). Changing the size marks the node as
    /// needing layout, as a layer does.
    public var bounds: Rect {
        get { state.withLock { $0.bounds } }
        set {
            state.withLock { state in
                if state.bounds.size != newValue.size { state.needsLayout = true }
                state.bounds = newValue
            }
        }
    }

    /// The node's frame in its supernode: `position` is the centre (anchor point 0.5, 0.5), so
    /// setting the frame sets the bounds size and the position. Changing the size marks the
    /// node as needing layout.
    public var frame: Rect {
        get {
            state.withLock { state in
                let size = state.bounds.size
                return Rect(state.position.x - size.width / 2, state.position.y - size.height / 2,
                            size.width, size.height)
            }
        }
        set {
            state.withLock { state in
                if state.bounds.size != newValue.size { state.needsLayout = true }
                state.bounds.size = newValue.size
                state.position = Point(newValue.origin.x + newValue.size.width / 2,
                                       newValue.origin.y + newValue.size.height / 2)
            }
        }
    }

    /// The centre of the frame in the supernode (Texture's `position` with the default anchor).
    public var position: Point {
        get { state.withLock { $0.position } }
        set { state.withLock { $0.position = newValue } }
    }

    /// Whether the node has been "loaded" (``loadIfNeeded()``): only loaded nodes get the
    /// ``layout()`` and ``layoutDidFinish()`` calls of a layout pass.
    public var isNodeLoaded: Bool { state.withLock { $0.isNodeLoaded } }

    /// Loads the node, headlessly: where Texture creates the view or layer there is only a flag,
    /// but the sequence is Texture's. The first call marks the node loaded and needing layout (a
    /// new layer is laid out at its first display; the calculated layout stays valid), loads
    /// every subnode (Texture adds their views, which loads them), then calls ``didLoad()``. A
    /// subnode added to a loaded node is loaded as it is added.
    public func loadIfNeeded() {
        let first = state.withLock { state in
            guard !state.isNodeLoaded else { return false }
            state.isNodeLoaded = true
            state.needsLayout = true
            return true
        }
        guard first else { return }
        for subnode in subnodes { subnode.loadIfNeeded() }
        didLoad()
    }

    /// Whether the next ``layoutIfNeeded()`` runs a layout pass on this node.
    public var needsLayout: Bool { state.withLock { $0.needsLayout } }
}
