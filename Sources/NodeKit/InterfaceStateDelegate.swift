/// An observer of a node's interface-state transitions (Texture's `ASInterfaceStateDelegate`).
///
/// Each step of a transition calls the node's own hook first and then every registered delegate
/// (semantics §7.2). Nodes hold delegates weakly. Every method has an empty default.
public protocol InterfaceStateDelegate: AnyObject, Sendable {
    func didEnterPreloadState()
    func didExitPreloadState()
    func didEnterDisplayState()
    func didExitDisplayState()
    func didEnterVisibleState()
    func didExitVisibleState()
    func interfaceStateDidChange(_ newState: InterfaceState, from oldState: InterfaceState)
}

public extension InterfaceStateDelegate {
    func didEnterPreloadState() {}
    func didExitPreloadState() {}
    func didEnterDisplayState() {}
    func didExitDisplayState() {}
    func didEnterVisibleState() {}
    func didExitVisibleState() {}
    func interfaceStateDidChange(_ newState: InterfaceState, from oldState: InterfaceState) {}
}
