import LayoutCore

/// One cached measurement of a node (Texture's `ASDisplayNodeLayout`, semantics §5.1): the
/// layout with the range, parent size and scale it was measured for, the node's layout version
/// then, and the nodes its layout names.
public struct NodeLayout: Hashable, Sendable {
    public var layout: Layout
    public var constrainedSize: SizeRange
    public var parentSize: Size
    public var scale: Double
    /// Whether the layout pass asked for this size from above (§5.3 step 9).
    public var requestedLayoutFromAbove: Bool = false
    public var version: UInt
    /// The node instances met while measuring, by id: the layout's sublayouts name nodes by
    /// ``LayoutElementID`` and this resolves them (automatic subnode management, frames).
    public var nodes: NodeRegistry

    public init(layout: Layout, constrainedSize: SizeRange, parentSize: Size, scale: Double, version: UInt,
                requestedLayoutFromAbove: Bool = false, nodes: NodeRegistry = NodeRegistry()) {
        self.layout = layout
        self.constrainedSize = constrainedSize
        self.parentSize = parentSize
        self.scale = scale
        self.version = version
        self.requestedLayoutFromAbove = requestedLayoutFromAbove
        self.nodes = nodes
    }

    /// Valid for `version` (Texture's `isValidForVersion`).
    @inline(__always)
    public func isValid(version: UInt) -> Bool {
        self.version >= version
    }

    /// Reusable for `version` and this exact request. Plain `==` throughout, so a parent size
    /// containing NaN never matches (semantics §5.1).
    @inline(__always)
    public func isValid(_ range: SizeRange, parentSize: Size, scale: Double, version: UInt) -> Bool {
        self.version >= version && constrainedSize == range && self.parentSize == parentSize && self.scale == scale
    }
}

/// The node instances a measurement met, by id (the first instance wins when two share an id).
///
/// Equality and hashing go by object identity, as Texture compares nodes.
public struct NodeRegistry: Hashable, Sendable {
    private(set) var byID: [LayoutElementID: DisplayNode]

    public init(_ nodes: [DisplayNode] = []) {
        byID = [:]
        for node in nodes where byID[node.id] == nil {
            byID[node.id] = node
        }
    }

    init(byID: [LayoutElementID: DisplayNode]) {
        self.byID = byID
    }

    /// The node measured under `id`, if any.
    public subscript(id: LayoutElementID) -> DisplayNode? { byID[id] }

    /// How many nodes were met.
    public var count: Int { byID.count }

    public static func == (lhs: NodeRegistry, rhs: NodeRegistry) -> Bool {
        lhs.byID.count == rhs.byID.count && lhs.byID.allSatisfy { id, node in rhs.byID[id] === node }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(byID.count)
    }
}
