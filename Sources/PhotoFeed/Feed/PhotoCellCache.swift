import Locking
import NodeKit
import TextLayout

/// The feed's in-memory cells by photo id, bounded: the least recently used cell goes when a new
/// one would exceed ``capacity``.
///
/// A cached cell is updated to the model it is asked for (``PhotoCellNode/update(_:)`` does
/// nothing for an equal model), so a cell's text nodes keep their measurements across pages and
/// relayouts and only what changed is measured again.
///
/// Every operation is O(1): the cells sit in a doubly linked recency list kept in arrays, most
/// recent first, found through a dictionary by photo id.
///
/// Thread safety: the table lives in a ``Locked`` (visible to the thread sanitizer); cells are
/// handed out, not locked while used.
public final class PhotoCellCache: Sendable {
    public let capacity: Int
    private let measurer: any TextMeasuring
    private let table: Locked<RecencyList>

    public init(capacity: Int = 4096, measurer: any TextMeasuring = TextMeasurer.shared) {
        precondition(capacity > 0, "a cell cache holds at least one cell")
        self.capacity = capacity
        self.measurer = measurer
        table = Locked(RecencyList(capacity: capacity))
    }

    /// The cell of `model.photoID`, showing `model`: the cached cell updated, or a new one.
    public func cell(for model: PhotoCellModel) -> PhotoCellNode {
        if let cached = table.withLock({ $0.use(model.photoID) }) {
            cached.update(model)
            return cached
        }
        let cell = PhotoCellNode(model: model, measurer: measurer)
        // Released outside the lock: a cell's subnodes go with it.
        let evicted = table.withLock { $0.insert(cell, for: model.photoID) }
        withExtendedLifetime(evicted) {}
        return cell
    }

    /// The cached cell of a photo, if any (no use recorded).
    public func cachedCell(photoID: Int64) -> PhotoCellNode? {
        table.withLock { $0.peek(photoID) }
    }

    public var count: Int { table.withLock { $0.count } }
}

/// Cells by photo id in recency order, at most `capacity`: slots in arrays linked by index.
private struct RecencyList: Sendable {
    private struct Slot: Sendable {
        var photoID: Int64
        var cell: PhotoCellNode
        var newer: Int
        var older: Int
    }

    private static let none = -1
    private let capacity: Int
    private var slots: [Slot] = []
    private var index: [Int64: Int] = [:]
    private var newest = RecencyList.none
    private var oldest = RecencyList.none

    init(capacity: Int) {
        self.capacity = capacity
    }

    var count: Int { index.count }

    func peek(_ photoID: Int64) -> PhotoCellNode? {
        index[photoID].map { slots[$0].cell }
    }

    /// The cell of `photoID`, now the most recently used; nil if absent.
    mutating func use(_ photoID: Int64) -> PhotoCellNode? {
        guard let slot = index[photoID] else { return nil }
        unlink(slot)
        linkAsNewest(slot)
        return slots[slot].cell
    }

    /// Adds `cell` as the most recently used (replacing a cell of the same photo); returns the
    /// cell it pushed out, if any.
    mutating func insert(_ cell: PhotoCellNode, for photoID: Int64) -> PhotoCellNode? {
        if let slot = index[photoID] {
            let replaced = slots[slot].cell
            slots[slot].cell = cell
            unlink(slot)
            linkAsNewest(slot)
            return replaced
        }
        if slots.count < capacity {
            slots.append(Slot(photoID: photoID, cell: cell, newer: Self.none, older: Self.none))
            index[photoID] = slots.count - 1
            linkAsNewest(slots.count - 1)
            return nil
        }
        // Full: the oldest slot takes the new cell.
        let slot = oldest
        let evicted = slots[slot].cell
        index[slots[slot].photoID] = nil
        unlink(slot)
        slots[slot].photoID = photoID
        slots[slot].cell = cell
        index[photoID] = slot
        linkAsNewest(slot)
        return evicted
    }

    private mutating func unlink(_ slot: Int) {
        let (newer, older) = (slots[slot].newer, slots[slot].older)
        if newer != Self.none { slots[newer].older = older } else { newest = older }
        if older != Self.none { slots[older].newer = newer } else { oldest = newer }
    }

    private mutating func linkAsNewest(_ slot: Int) {
        slots[slot].newer = Self.none
        slots[slot].older = newest
        if newest != Self.none { slots[newest].newer = slot }
        newest = slot
        if oldest == Self.none { oldest = slot }
    }
}
