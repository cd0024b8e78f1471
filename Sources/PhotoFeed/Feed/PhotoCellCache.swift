import LayoutCore
import Locking
import NodeKit
import TextLayout

/// The feed's live cells by photo id, bounded: at most ``capacity`` cells, the least recently
/// used one released when a new photo needs a cell.
///
/// The cells are the items of a data controller (``LiveCellList``): a new photo's cell comes
/// from its node block, run in parallel with the other new cells of the same request; it is
/// never reused for another photo, and the update that evicts its photo (a reload of its item)
/// or ``remove(photoIDs:)`` (a deletion) releases it. A live cell asked for again is updated to
/// the model asked for (``PhotoCellNode/update(_:)`` does nothing for an equal model), so its
/// text nodes keep their measurements across pages and relayouts and only what changed is
/// measured again.
///
/// A one-shot command lives with the cells of its page; the sync daemon keeps up to
/// ``FeedController/relayoutCellCapacity(for:)`` cells, one per photo with cached layouts.
///
/// Thread safety: `@unchecked Sendable` because the list, which is not, is reached only under
/// `lock` (a ``Locked``, visible to the thread sanitizer); cells are handed out, not locked while
/// used.
///
/// ```swift
/// let cells = PhotoCellCache(capacity: 100)
/// let cell = cells.cells(for: [model], range: FeedController.sizeRange(width: 375),
///                        context: LayoutContext(scale: 2))[0]
/// ```
public final class PhotoCellCache: @unchecked Sendable {
    public let capacity: Int
    private let lock = Locked(())
    private let list: LiveCellList

    public init(capacity: Int = 4096, measurer: any TextMeasuring = TextMeasurer.shared,
                parallelism: Int = ParallelWork.defaultWidth) {
        precondition(capacity > 0, "a cell cache holds at least one cell")
        self.capacity = capacity
        list = LiveCellList(capacity: capacity, measurer: measurer, parallelism: max(1, parallelism))
    }

    /// The cell of `model.photoID`, showing `model`: the live cell updated, or a new one.
    public func cell(for model: PhotoCellModel) -> PhotoCellNode {
        cells(for: [model])[0]
    }

    /// The cells of `models` (distinct photos), in order, each showing its model: live cells
    /// updated, the others allocated together through the data controller. With `range`, every
    /// cell returned has a current layout for `range` at `context` (new cells are measured as
    /// they are allocated, live ones relaid out), so `layoutThatFits(range, context:)` finds it.
    public func cells(for models: [PhotoCellModel], range: SizeRange? = nil,
                      context: LayoutContext = .retina) -> [PhotoCellNode] {
        lock.withLock { list.cells(for: models, range: range, context: context) }
    }

    /// Releases the live cells of `photoIDs` (deleted photos); others are ignored.
    public func remove(photoIDs: [Int64]) {
        lock.withLock { list.remove(photoIDs) }
    }

    /// The live cell of a photo, if any (no use recorded).
    public func cachedCell(photoID: Int64) -> PhotoCellNode? {
        lock.withLock { list.cell(photoID: photoID) }
    }

    public var count: Int { lock.withLock { list.count } }

    /// How many cells have been allocated (node blocks run): one per photo inserted into the list.
    public var nodeBlockCalls: Int { lock.withLock { list.nodeBlockCalls } }
}
