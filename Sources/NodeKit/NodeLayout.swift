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
/// Stored as the nodes in the order they were met, as measuring registers them; the id map is
/// built only by whoever needs it (``byID()``: automatic subnode management applying a layout),
/// so the hot measuring path never hashes an id. ``subscript(_:)`` is a linear scan: for many
/// lookups build the map once. Equality and hashing go by object identity, as Texture compares
/// nodes.
public struct NodeRegistry: Hashable, Sendable {
    /// The nodes in the order they were met; a node or an id may appear more than once.
    private(set) var nodes: [DisplayNode]

    public init(_ nodes: [DisplayNode] = []) {
        self.nodes = nodes
    }

    /// The node measured under `id`, if any (the first one met). Linear in the number of nodes.
    public subscript(id: LayoutElementID) -> DisplayNode? {
        nodes.first { $0.id == id }
    }

    /// How many distinct ids were met.
    public var count: Int { byID().count }

    /// Every id met with its first node.
    public func byID() -> [LayoutElementID: DisplayNode] {
        var map: [LayoutElementID: DisplayNode] = [:]
        map.reserveCapacity(nodes.count)
        for node in nodes where map[node.id] == nil {
            map[node.id] = node
        }
        return map
    }

    public static func == (lhs: NodeRegistry, rhs: NodeRegistry) -> Bool {
        if lhs.nodes.count == rhs.nodes.count && zip(lhs.nodes, rhs.nodes).allSatisfy({ $0 === $1 }) { return true }
        let left = lhs.byID(), right = rhs.byID()
        return left.count == right.count && left.allSatisfy { id, node in right[id] === node }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
    }
}
