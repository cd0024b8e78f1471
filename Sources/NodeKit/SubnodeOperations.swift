import LayoutCore

/// The subnode insertions, removals and moves that take a node from its previous calculated
/// layout to a new one (Texture's `calculateSubnodeOperations`, semantics §6.2).
///
/// Both layouts are flattened, so their sublayouts are exactly the subnodes in order; ids are
/// resolved to nodes through each record's ``NodeRegistry``, falling back to the current
/// subnodes (ids that resolve to no node are left out). The diff goes by node identity and
/// compares with the previous *layout*, not the actual subnode array.
struct SubnodeOperations {
    /// Nodes to insert, with their index in the new order, ascending.
    var insertions: [(node: DisplayNode, index: Int)] = []
    /// Nodes of the previous layout that the new one drops.
    var removals: [DisplayNode] = []
    /// Nodes of the previous layout that move, with their index in the new order, ascending.
    var moves: [(node: DisplayNode, index: Int)] = []

    init() {}

    init(from previous: NodeLayout?, to pending: NodeLayout, currentSubnodes: [DisplayNode]) {
        let new = SubnodeOperations.resolve(pending, currentSubnodes: currentSubnodes)
        guard let previous else {
            insertions = new.enumerated().map { ($1, $0) }
            return
        }
        let old = SubnodeOperations.resolve(previous, currentSubnodes: currentSubnodes)
        let diff = ArrayDiff.withMoves(from: old.map(ObjectIdentifier.init), to: new.map(ObjectIdentifier.init))
        insertions = diff.insertions.map { (new[$0], $0) }
        removals = diff.deletions.map { old[$0] }
        moves = diff.moves.map { (old[$0.from], $0.to) }
    }

    /// The nodes a record's flattened layout names, in order.
    static func resolve(_ record: NodeLayout, currentSubnodes: [DisplayNode]) -> [DisplayNode] {
        let byID = record.nodes.byID()
        return record.layout.sublayouts.compactMap { sublayout in
            guard sublayout.isNode else { return nil }
            return byID[sublayout.element] ?? currentSubnodes.first { $0.id == sublayout.element }
        }
    }

    /// Whether nothing changes.
    var isEmpty: Bool { insertions.isEmpty && removals.isEmpty && moves.isEmpty }
}

extension DisplayNode {
    /// §6.3 removals: each removed node leaves only if this node is still its supernode and still
    /// manages its subnodes automatically.
    func applyRemovals(_ operations: SubnodeOperations) {
        for node in operations.removals where node.supernode === self && automaticallyManagesSubnodes {
            removeUnchecked(node)
        }
    }

    /// §6.3 insertions and moves: moved nodes are taken out first, then insertions and moves are
    /// merged by ascending destination (the insertion first only when its index is smaller).
    func applyInsertionsAndMoves(_ operations: SubnodeOperations) {
        for (node, _) in operations.moves {
            removeUnchecked(node)
        }
        var insertions = operations.insertions[...]
        var moves = operations.moves[...]
        while let insertion = insertions.first, let move = moves.first {
            if insertion.index < move.index {
                insertUnchecked(insertion.node, at: insertion.index)
                insertions.removeFirst()
            } else {
                insertUnchecked(move.node, at: move.index)
                moves.removeFirst()
            }
        }
        for (node, index) in insertions { insertUnchecked(node, at: index) }
        for (node, index) in moves { insertUnchecked(node, at: index) }
    }
}
