import FeedModel
import Synchronization

/// What one sync layout pass leaves for the next, so that a pass can read its inputs while the
/// pass before it still runs and yet compute what it would have computed after it.
///
/// The daemon reads pass *i*'s inputs right after committing batch *i*; pass *i − 1* may still
/// be laying out its photos and has maybe, maybe not, written their layouts. So pass *i*:
/// - brings the models pass *i − 1* lays its photos out from up to date with batch *i*'s
///   changes, rather than the models of those photos' cells (which may be changing), and takes
///   the rows pass *i − 1* confirms without a model as current at the version it confirms them for;
/// - compares its heights, for the entries pass *i − 1* laid out, with the heights pass *i − 1*
///   computed rather than with the rows read (which may predate its write);
/// - compares its layout inputs' fingerprints, for the entries pass *i − 1* handled, with the
///   ones pass *i − 1* wrote or confirmed rather than with the rows read, for the same reason.
///
/// Every earlier pass has finished before pass *i*'s inputs are read, and pass *i* starts only
/// once pass *i − 1* has finished, so both rules give the same result whatever the timing.
final class RelayoutHandoff: Sendable {
    /// A cached layout's identity within a cell kind.
    struct EntryKey: Hashable {
        var photoID: Int64
        var sizeRange: CacheSizeRange
        var scale: Double

        init(_ entry: CachedLayoutEntry) {
            (photoID, sizeRange, scale) = (entry.photoID, entry.sizeRange, entry.scale)
        }
    }

    private struct State {
        var preparedModels: [Int64: PhotoCellModel] = [:]
        var preparedConfirmations: [Int64: Int64] = [:]
        var finishedHeights: [EntryKey: Double] = [:]
        var finishedFingerprints: [EntryKey: [UInt8]] = [:]
    }

    private let state = Mutex(State())

    /// The models the pass prepared last lays its photos out from, by photo (it may still run).
    var preparedModels: [Int64: PhotoCellModel] {
        state.withLock { $0.preparedModels }
    }

    /// The content versions the pass prepared last confirms its display-only photos' rows for,
    /// by photo (no model is read for them).
    var preparedConfirmations: [Int64: Int64] {
        state.withLock { $0.preparedConfirmations }
    }

    /// Records the models the pass just prepared lays its photos out from, and the versions it
    /// confirms the rows of the others for.
    func prepared(_ models: [Int64: PhotoCellModel], confirmations: [Int64: Int64] = [:]) {
        state.withLock {
            $0.preparedModels = models
            $0.preparedConfirmations = confirmations
        }
    }

    /// The heights the last finished pass computed.
    var finishedHeights: [EntryKey: Double] {
        state.withLock { $0.finishedHeights }
    }

    /// The layout-input fingerprints the last finished pass wrote or confirmed.
    var finishedFingerprints: [EntryKey: [UInt8]] {
        state.withLock { $0.finishedFingerprints }
    }

    /// Records the heights a pass computed and wrote, and the fingerprints of every entry it
    /// wrote or confirmed.
    func finished(heights: [EntryKey: Double], fingerprints: [EntryKey: [UInt8]]) {
        state.withLock {
            $0.finishedHeights = heights
            $0.finishedFingerprints = fingerprints
        }
    }
}
