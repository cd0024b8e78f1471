extension DisplayNode {
    /// The subnodes the interface state recurses into. Subnodes arrive with branch `nodes`;
    /// until it is merged, a node has none.
    var interfaceStateSubnodes: [DisplayNode] { [] }
}
