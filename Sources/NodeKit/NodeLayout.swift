import LayoutCore

/// One cached measurement of a node (Texture's `ASDisplayNodeLayout`): the layout with the
/// range, parent size and scale it was measured for and the node's layout version then.
public struct NodeLayout: Hashable, Sendable {
    public var layout: Layout
    public var constrainedSize: SizeRange
    public var parentSize: Size
    public var scale: Double
    /// Whether the layout pass asked for this size from above (§5.3 step 9).
    public var requestedLayoutFromAbove: Bool = false
    public var version: UInt

    public init(layout: Layout, constrainedSize: SizeRange, parentSize: Size, scale: Double, version: UInt,
                requestedLayoutFromAbove: Bool = false) {
        self.layout = layout
        self.constrainedSize = constrainedSize
        self.parentSize = parentSize
        self.scale = scale
        self.version = version
        self.requestedLayoutFromAbove = requestedLayoutFromAbove
    }

    /// Reusable for `version` and this exact request. Plain `==` throughout, so a parent size
    /// containing NaN never matches (semantics §5.1).
    @inline(__always)
    public func isValid(_ range: SizeRange, parentSize: Size, scale: Double, version: UInt) -> Bool {
        self.version >= version && constrainedSize == range && self.parentSize == parentSize && self.scale == scale
    }
}
