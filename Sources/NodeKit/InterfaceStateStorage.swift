import Synchronization

/// A node's interface-state bookkeeping, kept apart from its layout state.
///
/// `@unchecked Sendable` because every field lives in the `Mutex`; callbacks never run while the
/// lock is held.
final class InterfaceStateStorage: @unchecked Sendable {
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
