import LayoutCore
import Locking

/// Collects the nodes measured while one node computes its layout, so that the ids in the
/// resulting layout can be resolved to node instances.
///
/// A node installs a fresh collector as the thread's current one around its own
/// `calculateLayout` (``collecting(in:_:)``); every node whose `layoutThatFits` is called inside
/// that scope registers itself — its own computation installs its own collector, so
/// grandchildren register with their parent, not with us. Cache hits register too, because
/// registration happens on entry to `layoutThatFits`.
///
/// Why per-thread storage and not a task-local: measuring is synchronous, so everything a
/// measurement registers happens on the thread that runs it (a synchronous spec callback
/// cannot await child tasks, and work it hands to other threads inherited neither). A
/// per-thread slot is read and written in place, where a task-local push allocates; the
/// collector itself lives on the measuring frame's stack, so a leaf that meets no node
/// allocates nothing and takes no lock.
///
/// Registration appends (skipping an immediate repeat of the same node); ids are resolved
/// lazily by ``NodeRegistry``, which keeps the first node met under each id.
struct SubnodeCollector {
    private(set) var nodes: [DisplayNode] = []

    /// Records `node` (consecutive measurements of the same node are recorded once).
    @inline(__always)
    mutating func register(_ node: DisplayNode) {
        if let last = nodes.last {
            if last === node { return }
        } else {
            nodes.reserveCapacity(8)  // one allocation covers a typical cell's direct nodes
        }
        nodes.append(node)
    }

    /// Runs `body` with this collector as the current thread's, restoring the previous one after.
    /// `thread` is the calling thread's slot when the caller has it (``registerWithCurrent(_:)``).
    mutating func collecting<T>(in thread: ThreadSlot? = nil, _ body: () -> T) -> T {
        withUnsafeMutablePointer(to: &self) { collector in
            (thread ?? ThreadSlot.current).slot._withUnsafeGuaranteedRef { slot in
                let previous = slot.collector
                slot.collector = collector
                defer { slot.collector = previous }
                return body()
            }
        }
    }

    /// Registers `node` with the current thread's collector, if a measurement is running, and
    /// returns the thread's slot, so that a node that goes on to compute its own layout
    /// (``collecting(in:_:)``) finds the slot once.
    @inline(__always) @discardableResult
    static func registerWithCurrent(_ node: DisplayNode) -> ThreadSlot {
        let thread = ThreadSlot.current
        thread.slot._withUnsafeGuaranteedRef { $0.collector?.pointee.register(node) }
        return thread
    }

    /// The calling thread's ``CurrentSubnodeCollector``, not retained: the thread's per-thread
    /// storage holds it until the thread exits. Valid only on the thread that got it.
    struct ThreadSlot {
        fileprivate let slot: Unmanaged<CurrentSubnodeCollector>

        @inline(__always)
        fileprivate static var current: ThreadSlot {
            ThreadSlot(slot: CurrentSubnodeCollector.perThread.withCurrent { .passUnretained($0) })
        }
    }
}

/// The thread's slot holding the innermost running ``SubnodeCollector`` (a pointer into the
/// stack frame of ``SubnodeCollector/collecting(in:_:)``, valid only while it runs on this
/// thread), in per-thread storage (``PerThread``): one slot object per thread, made on its first
/// measurement and then only read and written in place.
fileprivate final class CurrentSubnodeCollector {
    var collector: UnsafeMutablePointer<SubnodeCollector>?

    static let perThread = PerThread { CurrentSubnodeCollector() }
}

/// The transition a measurement belongs to (Texture's layout element context, semantics §5.5).
enum LayoutTransitionScope {
    /// The default context's id, used by layout passes.
    static let defaultID: UInt = 1
    /// `nil` when no measurement context is active on this task or thread.
    @TaskLocal static var transitionID: UInt?
}
