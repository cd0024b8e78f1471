extension DisplayNode {
    /// The subnodes the interface state recurses into: the node's subnodes, front to back.
    var interfaceStateSubnodes: [DisplayNode] { subnodes }
}
