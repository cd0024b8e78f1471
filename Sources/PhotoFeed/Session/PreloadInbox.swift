import NodeKit
import Synchronization

/// The cells that entered the preload range since a session last looked.
///
/// Each cell has a ``PreloadObserver``, an interface-state delegate that hears the cell's
/// `didEnterPreloadState` (where ASDKgram's cell starts its comment feed) and adds the cell's
/// index here; the session drains the inbox after each range update and requests the jobs. A
/// `Mutex` holds the indices, since a node calls its delegates on whatever thread changes its
/// state.
final class PreloadInbox: Sendable {
    private let entered = Mutex<[Int]>([])

    func add(_ index: Int) {
        entered.withLock { $0.append(index) }
    }

    /// The indices added since the last call, in the order they came.
    func drain() -> [Int] {
        entered.withLock { indices in
            defer { indices = [] }
            return indices
        }
    }
}

/// Tells a ``PreloadInbox`` when its cell enters the preload range. Nodes hold delegates weakly:
/// the session keeps the observers.
final class PreloadObserver: InterfaceStateDelegate {
    let index: Int
    let inbox: PreloadInbox

    init(index: Int, inbox: PreloadInbox) {
        self.index = index
        self.inbox = inbox
    }

    func didEnterPreloadState() {
        inbox.add(index)
    }
}
