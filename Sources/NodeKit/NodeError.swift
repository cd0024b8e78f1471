import LayoutCore

/// Why a subnode operation was refused.
public enum NodeError: Error, Equatable, CustomStringConvertible {
    /// `addSubnode`/`insertSubnode` on a node with automatic subnode management, or
    /// `removeFromSupernode` of one of its subnodes: its subnodes follow from its layout.
    case automaticallyManagedSubnodes(node: LayoutElementID, operation: String)
    /// The node's subnodes were changed while its layout-spec callback ran.
    case subnodesMutatedInLayoutSpec(node: LayoutElementID, operation: String)
    /// `insertSubnode(_:at:)` with an index outside `0...count`.
    case indexOutOfBounds(node: LayoutElementID, index: Int, count: Int)
    /// Adding a node to itself or to one of its descendants.
    case cycle(subnode: LayoutElementID, supernode: LayoutElementID)

    public var description: String {
        switch self {
        case let .automaticallyManagedSubnodes(node, operation):
            "\(operation) refused: node '\(node)' manages its subnodes automatically (they follow from its layout)"
        case let .subnodesMutatedInLayoutSpec(node, operation):
            "\(operation) refused: adding or removing subnodes of '\(node)' inside its layout-spec callback is not allowed"
        case let .indexOutOfBounds(node, index, count):
            "insertSubnode refused: index \(index) is outside 0...\(count) of node '\(node)'s subnodes"
        case let .cycle(subnode, supernode):
            "addSubnode refused: '\(subnode)' is '\(supernode)' itself or one of its ancestors"
        }
    }
}
