import LayoutCore
import Synchronization

/// Collects the nodes measured while one node computes its layout, so that the ids in the
/// resulting layout can be resolved to node instances.
///
/// A node pushes a fresh collector (task-local, so it works on any thread and in child tasks)
/// around its own `calculateLayout`; every node whose `layoutThatFits` is called inside that
/// scope registers itself — its own computation pushes its own collector, so grandchildren
/// register with their parent, not with us. Cache hits register too, because registration
/// happens on entry to `layoutThatFits`.
final class SubnodeCollector: Sendable {
    @TaskLocal static var current: SubnodeCollector?

    private let nodes = Mutex<[LayoutElementID: DisplayNode]>([:])

    func register(_ node: DisplayNode) {
        nodes.withLock { nodes in
            if nodes[node.id] == nil { nodes[node.id] = node }
        }
    }

    var registry: NodeRegistry {
        NodeRegistry(byID: nodes.withLock { $0 })
    }
}

/// The transition a measurement belongs to (Texture's layout element context, semantics §5.5).
enum LayoutTransitionScope {
    /// The default context's id, used by layout passes.
    static let defaultID: UInt = 1
    /// `nil` when no measurement context is active on this task or thread.
    @TaskLocal static var transitionID: UInt?
}
