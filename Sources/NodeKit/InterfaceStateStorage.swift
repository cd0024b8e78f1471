import Synchronization

/// A node's interface-state bookkeeping, kept apart from its layout state.
///
/// Every field lives in the `Mutex`; callbacks never run while the lock is held. A noncopyable
/// struct stored inline in the node (not a class of its own), so a node costs one allocation.
struct InterfaceStateStorage: ~Copyable, Sendable {
    struct Fields {
        var state: InterfaceState = []
        var isRangeManaged = false
        var isInHierarchy = false
        var isDisplaySuspended = false
        var delegates: [WeakInterfaceStateDelegate] = []
    }

    let fields = Mutex(Fields())
}

/// A weak reference to a delegate (Texture keeps its delegates in a weak hash table).
struct WeakInterfaceStateDelegate: Sendable {
    weak var value: (any InterfaceStateDelegate)?
}
