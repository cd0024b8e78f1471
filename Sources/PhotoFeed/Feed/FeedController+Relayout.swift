import FeedStore
import FeedSync
import LayoutCore
import NodeKit

/// The sync daemon's side: after it commits completions, the affected photos' cells take their
/// new models (`setNeedsLayout`) and are laid out again for every size range and scale the
/// cache holds for them; the new layouts replace the old ones.
extension FeedController: CellRelayouting {
    public func prepareRelayout(_ cells: [MarkedCell]) throws -> RelayoutPass {
        let work = try relayoutWork(cells)
        return RelayoutPass { [self] in try layOut(work) }
    }

    /// Relayouts the cells of `photoIDs`, reading each photo from the store.
    public func relayout(photoIDs: [Int64]) throws -> RelayoutSummary {
        try relayout(photoIDs.map { MarkedCell(photoID: $0) })
    }

    /// Relayouts the cells of `marks` at once, synchronously (``prepareRelayout(_:)`` then the pass).
    public func relayout(_ marks: [MarkedCell]) throws -> RelayoutSummary {
        try layOut(relayoutWork(marks))
    }

    /// A photo's new model and the cached entries (size ranges, scales, old heights) to lay it
    /// out for.
    typealias RelayoutWork = [(model: PhotoCellModel, entries: [CachedLayoutEntry])]

    /// What relaying out `marks` needs, read now.
    ///
    /// A photo whose last model is at the version just before its mark's changes takes its new
    /// model from them (``PhotoCellModel/applying(_:)``); the others are read again. The last
    /// model is the one the pass prepared before this one (maybe still running) lays the photo
    /// out from, else its cell's in memory (``RelayoutHandoff``). One read transaction fetches the
    /// cached entries of every photo and the rows and first comments of the photos read. A photo
    /// read that no longer exists is skipped, and its live cell, if any, released.
    func relayoutWork(_ marks: [MarkedCell]) throws -> RelayoutWork {
        let changes = Dictionary(marks.map { ($0.photoID, $0.changes) }, uniquingKeysWith: +)
        let unique = changes.keys.sorted()
        let previous = handoff.preparedModels
        var known: [Int64: PhotoCellModel] = [:]
        for photoID in unique {
            let last = previous[photoID] ?? cells.cachedCell(photoID: photoID)?.model
            if let model = last?.applying(changes[photoID] ?? []) {
                known[photoID] = model
            }
        }
        let inputs = try store.relayoutInputs(photoIDs: unique, contentOf: unique.filter { known[$0] == nil },
                                              cellKind: Self.cellKind, commentLimit: Self.commentPageSize)
        let items = inputs.items, comments = inputs.comments
        let byPhoto = Dictionary(grouping: inputs.entries, by: \.photoID)
        var deleted: [Int64] = []
        let work: RelayoutWork = unique.compactMap { photoID in
            guard let model = known[photoID] ?? items[photoID].map({ model($0, comments: comments) }) else {
                deleted.append(photoID)
                return nil
            }
            return (model, byPhoto[photoID] ?? [])
        }
        cells.remove(photoIDs: deleted)
        handoff.prepared(Dictionary(uniqueKeysWithValues: work.map { ($0.model.photoID, $0.model) }))
        return work
    }

    /// Updates the live cells of `work` (allocating the missing ones together, through the live
    /// cells' data controller) and measures them in parallel, one photo per job (a cell is never
    /// measured on two threads at once); one write transaction replaces the rows read with
    /// the new layouts (a row deleted meanwhile stays deleted). An entry whose fingerprint (the
    /// one the last pass wrote or confirmed for it, else the row's) and engine version equal the
    /// new model's (a display-only change: image, avatar) is not
    /// measured nor rewritten and is no relayout: one transaction only confirms it for the new
    /// content version. A photo without cached entries is only updated in memory. A height
    /// changed when it differs from the one the last pass computed for the entry, else from the
    /// row read.
    func layOut(_ work: RelayoutWork) throws -> RelayoutSummary {
        let previous = handoff.finishedHeights
        let previousFingerprints = handoff.finishedFingerprints
        let cells = self.cells.cells(for: work.map(\.model))
        let results = ParallelWork.map(count: work.count, width: parallelism) { index in
            let (model, entries) = work[index]
            let cell = cells[index]
            // One digest of the model's inputs serves every entry of the photo.
            let fingerprint = model.layoutInputs.fingerprint
            return entries.map { entry -> RelayoutResult in
                let key = Self.cacheKey(model, sizeRange: entry.sizeRange, scale: entry.scale, fingerprint: fingerprint)
                let entryKey = RelayoutHandoff.EntryKey(entry)
                let stored = previousFingerprints[entryKey]
                    ?? (entry.engineVersion == key.engineVersion ? entry.fingerprint : [])
                if stored == key.fingerprint {
                    return RelayoutResult(key: key, entry: entryKey, layout: nil, heightChanged: false)
                }
                let layout = Self.measure(cell, range: entry.sizeRange.sizeRange, scale: entry.scale)
                return RelayoutResult(key: key, entry: entryKey, layout: layout,
                                      heightChanged: layout.height != (previous[entryKey] ?? entry.height))
            }
        }.flatMap { $0 }
        let relaid = results.compactMap { result in result.layout.map { (key: result.key, layout: $0) } }
        if !relaid.isEmpty {
            try store.replaceLayouts(relaid)
        }
        let confirmed = results.filter { $0.layout == nil }.map(\.key)
        if !confirmed.isEmpty {
            try store.confirmLayouts(confirmed)
        }
        handoff.finished(
            heights: Dictionary(results.compactMap { result in result.layout.map { (result.entry, $0.height) } },
                                uniquingKeysWith: { $1 }),
            fingerprints: Dictionary(results.map { ($0.entry, $0.key.fingerprint) }, uniquingKeysWith: { $1 }))
        return RelayoutSummary(relayouts: relaid.count, heightChanges: results.count { $0.heightChanged })
    }
}

/// One cached entry's outcome in a relayout pass: a new layout, or none when its inputs did not
/// change.
struct RelayoutResult: Sendable {
    var key: LayoutCacheKey
    var entry: RelayoutHandoff.EntryKey
    var layout: CachedLayout?
    var heightChanged: Bool
}
