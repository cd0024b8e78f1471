import LayoutCore
import NodeKit
import Synchronization
import TextLayout

/// The feed's live photo cells: one section of a ``DataController`` whose items are the slots
/// of a ``RecencyList``, at most `capacity` of them.
///
/// A photo without a live cell gets one the way Texture's containers allocate cells: the list
/// inserts an item for it and the data controller runs its node block (a new ``PhotoCellNode``),
/// with every other new cell of the same update, on ``DataController/parallelism`` threads, and
/// measures it at the update's constrained size. While the list has room, the item is appended;
/// when it is full, the least recently used photo's item is reloaded with the new photo, which
/// releases the old cell. ``remove(_:)`` deletes a photo's item and releases its cell. A cell
/// only ever shows its own photo: asked again for that photo, the list hands out the same cell
/// updated to the new model (which calls `setNeedsLayout`), and re-measures it at the update's
/// constrained size through the data controller's relayout (Texture's `nodeDidInvalidateSize`,
/// then `relayoutNodes`; a cell whose layout for that size is current finds it cached).
///
/// Not `Sendable`: ``PhotoCellCache`` owns it under a lock.
final class LiveCellList {
    let capacity: Int
    private var recency: RecencyList
    private let source: Source
    private let controller: DataController
    private let calls: NodeBlockCounter

    init(capacity: Int, measurer: any TextMeasuring, parallelism: Int) {
        self.capacity = capacity
        recency = RecencyList(capacity: capacity)
        calls = NodeBlockCounter()
        source = Source(measurer: measurer, calls: calls)
        controller = DataController(dataSource: source, context: .retina, parallelism: parallelism)
        controller.reloadData()
    }

    var count: Int { recency.count }

    /// How many node blocks have run: one per item inserted or reloaded.
    var nodeBlockCalls: Int { calls.value }

    /// The live cell of `photoID`, if any (no use recorded).
    func cell(photoID: Int64) -> PhotoCellNode? {
        recency.slot(of: photoID).map(cell(at:))
    }

    /// The cells of `models` (photo ids distinct), in order, each showing its model: live cells
    /// updated, new ones allocated through the data controller. With `range`, every cell has a
    /// valid layout for it at `context`'s scale when this returns (new cells measured as they are
    /// allocated, updated ones relaid out); without, new cells get a range without area and are
    /// not measured (the daemon measures them at each cached size itself).
    ///
    /// More new photos than `capacity` go in updates of at most `capacity` items, so that no
    /// update reloads an item it inserts; the cells pushed out stay alive as long as the caller
    /// holds them.
    func cells(for models: [PhotoCellModel], range: SizeRange?, context: LayoutContext) -> [PhotoCellNode] {
        source.range = range ?? SizeRange(exactly: .zero)
        controller.context = context
        var cells: [PhotoCellNode] = []
        cells.reserveCapacity(models.count)
        var start = 0
        while start < models.count {
            let end = min(start + capacity, models.count)
            cells += update(models[start..<end], relayout: range != nil)
            start = end
        }
        return cells
    }

    /// Deletes the items of `photoIDs` that are live, which releases their cells.
    func remove(_ photoIDs: [Int64]) {
        for photoID in photoIDs {
            guard let slot = recency.remove(photoID) else { continue }
            source.models.remove(at: slot)
            var changes = ChangeSet()
            changes.deleteItems([ItemPath(0, slot)])
            performBatchUpdates(changes)
        }
    }

    /// One update: at most `capacity` models, so every eviction takes a slot no model of it uses.
    private func update(_ models: ArraySlice<PhotoCellModel>, relayout: Bool) -> [PhotoCellNode] {
        var changes = ChangeSet()
        var slots: [Int] = []
        var updated: [(slot: Int, model: PhotoCellModel)] = []
        for model in models {
            if let slot = recency.use(model.photoID) {
                slots.append(slot)
                updated.append((slot, model))
                continue
            }
            let (slot, evicted) = recency.add(model.photoID)
            slots.append(slot)
            if evicted == nil {
                source.models.append(model)
                changes.insertItems([ItemPath(0, slot)])
            } else {
                source.models[slot] = model
                changes.reloadItems([ItemPath(0, slot)])
            }
        }
        if !changes.isEmpty { performBatchUpdates(changes) }
        if !updated.isEmpty {
            // The live cells take their models on every core (an equal model changes nothing).
            let live = updated.map { (cell: cell(at: $0.slot), model: $0.model) }
            for (slot, model) in updated { source.models[slot] = model }
            _ = ParallelWork.map(count: live.count, width: controller.parallelism) { index in
                live[index].cell.update(live[index].model)
            }
            if relayout {
                // Measured (or found measured) at this update's size and scale, by the container.
                for (cell, _) in live { controller.nodeDidInvalidateSize(cell) }
                controller.relayoutQueuedNodes()
            }
        }
        return slots.map(cell(at:))
    }

    private func performBatchUpdates(_ changes: ChangeSet) {
        do {
            try controller.performBatchUpdates(changes)
        } catch {
            preconditionFailure("the live cell list's own update is invalid: \(error)")
        }
    }

    private func cell(at slot: Int) -> PhotoCellNode {
        guard let cell = controller.node(at: ItemPath(0, slot)) as? PhotoCellNode else {
            preconditionFailure("slot \(slot) holds no photo cell")
        }
        return cell
    }
}

extension LiveCellList {
    /// The data controller's data source: one section, a model per slot, and one constrained
    /// size for every item (the current update's).
    private final class Source: DataControllerDataSource {
        var models: [PhotoCellModel] = []
        var range = SizeRange(exactly: .zero)
        let measurer: any TextMeasuring
        let calls: NodeBlockCounter

        init(measurer: any TextMeasuring, calls: NodeBlockCounter) {
            self.measurer = measurer
            self.calls = calls
        }

        func numberOfSections() -> Int { 1 }
        func numberOfItems(inSection section: Int) -> Int { models.count }
        func constrainedSize(at path: ItemPath) -> SizeRange { range }

        func nodeBlock(at path: ItemPath) -> CellNodeBlock {
            let model = models[path.item]
            let (measurer, calls) = (measurer, calls)
            return {
                calls.increment()
                return PhotoCellNode(model: model, measurer: measurer)
            }
        }
    }
}

/// Counts node-block calls from the data controller's workers.
final class NodeBlockCounter: Sendable {
    private let count = Atomic<Int>(0)

    func increment() { count.wrappingAdd(1, ordering: .relaxed) }

    var value: Int { count.load(ordering: .relaxed) }
}
