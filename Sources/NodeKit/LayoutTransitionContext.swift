import LayoutCore
import Synchronization

/// What an animated layout change knows (Texture's `ASContextTransitioning`): the layouts before
/// and after, the subnodes inserted and removed, and the way to finish.
///
/// ``completeTransition(_:)`` must be called exactly once (the default
/// ``DisplayNode/animateLayoutTransition(_:)`` calls it at once; later calls are ignored).
/// The context holds a lock for that flag, hence `@unchecked Sendable`.
public final class LayoutTransitionContext: @unchecked Sendable {
    /// Whether the transition was requested as animated.
    public let isAnimated: Bool
    /// The node's applied layout before the transition (`nil` if it had none).
    public let fromLayout: NodeLayout?
    /// The new layout.
    public let toLayout: NodeLayout
    /// Subnodes the new layout adds, in insertion order.
    public let insertedSubnodes: [DisplayNode]
    /// Subnodes the new layout drops.
    public let removedSubnodes: [DisplayNode]

    let operations: SubnodeOperations
    private weak var node: DisplayNode?
    private let completed = Mutex(false)

    init(node: DisplayNode, animated: Bool, from: NodeLayout?, to: NodeLayout, operations: SubnodeOperations) {
        self.node = node
        isAnimated = animated
        fromLayout = from
        toLayout = to
        self.operations = operations
        insertedSubnodes = operations.insertions.map(\.node)
        removedSubnodes = operations.removals
    }

    /// The frame `node` had in the old layout, if it was there.
    public func initialFrame(for node: DisplayNode) -> Rect? {
        fromLayout?.layout.frame(for: node.id)
    }

    /// The frame `node` gets in the new layout, if it is there.
    public func finalFrame(for node: DisplayNode) -> Rect? {
        toLayout.layout.frame(for: node.id)
    }

    /// The nodes the old layout named, in order.
    public var fromSubnodes: [DisplayNode] {
        fromLayout.map { SubnodeOperations.resolve($0, currentSubnodes: node?.subnodes ?? []) } ?? []
    }

    /// The nodes the new layout names, in order.
    public var toSubnodes: [DisplayNode] {
        SubnodeOperations.resolve(toLayout, currentSubnodes: node?.subnodes ?? [])
    }

    /// Finishes the transition: ``DisplayNode/didCompleteLayoutTransition(_:)`` (removals) then
    /// ``DisplayNode/calculatedLayoutDidChange()``. Only the first call counts.
    public func completeTransition(_ finished: Bool) {
        let first = completed.withLock { done in
            defer { done = true }
            return !done
        }
        guard first, let node else { return }
        node.didCompleteLayoutTransition(self)
        node.calculatedLayoutDidChange()
    }
}
