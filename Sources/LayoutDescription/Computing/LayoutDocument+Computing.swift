import LayoutCore

extension LayoutDocument {
    /// Builds the implicit host node (a plain node whose spec is ``layout``) and measures it
    /// with `layoutThatFits(sizeRange, parentSize:)` at ``scale``, as Texture measures a node.
    ///
    /// - Returns: the host's layout: its flattened node sublayouts, relative to the host and
    ///   snapped to the pixel grid, each keeping its own node tree.
    /// - Throws: when an element cannot be built (see `ElementDescription.makeElement()`).
    public func computeLayout() throws(LayoutDescriptionError) -> ComputedLayout {
        // An empty id cannot collide with a document's ids, which are never empty.
        let host = DescribedNode(id: "", layout: try layout.makeElement())
        let measured = host.layoutThatFits(sizeRange, parentSize: parentSize, context: LayoutContext(scale: scale))
        return ComputedLayout(layout: measured, nodesWithLayouts: layout.nodeIDsWithLayouts)
    }
}

/// A measured layout description: the host's layout and which nodes have their own layout.
public struct ComputedLayout: Hashable, Sendable {
    /// The host's layout (see ``LayoutDocument/computeLayout()``).
    public var layout: Layout
    /// Ids of the `node` elements that have a `layout`; they list their own sublayouts.
    public var nodesWithLayouts: Set<LayoutElementID>

    public init(layout: Layout, nodesWithLayouts: Set<LayoutElementID>) {
        self.layout = layout
        self.nodesWithLayouts = nodesWithLayouts
    }

    /// The contract's result line, `{"size":[w,h],"nodes":[…]}`.
    public var resultLine: String { layout.resultLine(nodesWithLayouts: nodesWithLayouts) }
}
