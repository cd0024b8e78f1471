import FeedSync
import Synchronization

/// A stand-in for the cells: records which photos it was asked to relayout, and reports
/// `rangesPerPhoto` relayouts per photo, of which the first `heightChangesPerCall` change height.
/// An optional hook runs on every call, when its inputs are read (to write to the store between
/// two batches).
final class RecordingRelayouter: CellRelayouting {
    private let calls = Mutex<[[Int64]]>([])
    let rangesPerPhoto: Int
    let hook: (@Sendable (Int) -> Void)?

    init(rangesPerPhoto: Int = 2, hook: (@Sendable (Int) -> Void)? = nil) {
        self.rangesPerPhoto = rangesPerPhoto
        self.hook = hook
    }

    /// The photo ids of every call, in order.
    var recordedCalls: [[Int64]] { calls.withLock { $0 } }

    func prepareRelayout(_ cells: [MarkedCell]) throws -> RelayoutPass {
        let photoIDs = cells.map(\.photoID)
        let callIndex = calls.withLock { calls in
            calls.append(photoIDs)
            return calls.count
        }
        hook?(callIndex)
        let summary = RelayoutSummary(relayouts: photoIDs.count * rangesPerPhoto, heightChanges: photoIDs.count)
        return RelayoutPass { summary }
    }
}
