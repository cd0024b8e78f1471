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
/// Thread safety: the table lives in a ``Locked`` (visible to the thread sanitizer); cells are
/// handed out, not locked while used.
public final class PhotoCellCache: Sendable {
    private struct Entry: Sendable {
        var cell: PhotoCellNode
        var lastUse: UInt64
    }

    private struct Table: Sendable {
        var entries: [Int64: Entry] = [:]
        var clock: UInt64 = 0
    }

    public let capacity: Int
    private let measurer: any TextMeasuring
    private let table = Locked(Table())

    public init(capacity: Int = 4096, measurer: any TextMeasuring = TextMeasurer.shared) {
        precondition(capacity > 0, "a cell cache holds at least one cell")
        self.capacity = capacity
        self.measurer = measurer
    }

    /// The cell of `model.photoID`, showing `model`: the cached cell updated, or a new one.
    public func cell(for model: PhotoCellModel) -> PhotoCellNode {
        let cached: PhotoCellNode? = table.withLock { table in
            table.clock += 1
            guard var entry = table.entries[model.photoID] else { return nil }
            entry.lastUse = table.clock
            table.entries[model.photoID] = entry
            return entry.cell
        }
        if let cached {
            cached.update(model)
            return cached
        }
        let cell = PhotoCellNode(model: model, measurer: measurer)
        table.withLock { table in
            table.clock += 1
            table.entries[model.photoID] = Entry(cell: cell, lastUse: table.clock)
            if table.entries.count > capacity { Self.evict(from: &table, keeping: table.entries.count - capacity) }
        }
        return cell
    }

    /// The cached cell of a photo, if any (no use recorded).
    public func cachedCell(photoID: Int64) -> PhotoCellNode? {
        table.withLock { $0.entries[photoID]?.cell }
    }

    public var count: Int { table.withLock { $0.entries.count } }

    /// Drops the `excess` least recently used cells. Evicting in bulk (a tenth of the capacity at
    /// least) keeps the linear scan rare.
    private static func evict(from table: inout Table, keeping excess: Int) {
        let drop = max(excess, table.entries.count / 10)
        let oldest = table.entries.sorted { $0.value.lastUse < $1.value.lastUse }.prefix(drop)
        for (photoID, _) in oldest { table.entries[photoID] = nil }
    }
}
