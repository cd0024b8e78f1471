import FeedStore
import FeedSync
import LayoutCore
import NodeKit

/// The sync daemon's side: after it commits completions, the affected photos' cells take their
/// new models (`setNeedsLayout`) and are laid out again for every size range and scale the
/// cache holds for them; the new layouts replace the old ones.
extension FeedController: CellRelayouting {
    public func relayoutCells(_ cells: [MarkedCell]) async throws -> RelayoutSummary {
        try relayout(cells)
    }

    /// Relayouts the cells of `photoIDs`, reading each photo from the store.
    public func relayout(photoIDs: [Int64]) throws -> RelayoutSummary {
        try relayout(photoIDs.map { MarkedCell(photoID: $0) })
    }

    /// The synchronous body of ``relayoutCells(_:)``.
    ///
    /// A photo whose cell is in memory at the version just before its mark's changes takes its
    /// new model from them (``PhotoCellModel/applying(_:)``); the others are read again. One read
    /// transaction fetches the cached entries of every photo and the rows and first comments of
    /// the photos read; the cells are updated and measured in parallel, one photo per job (a cell
    /// is never measured on two threads at once); one write transaction replaces the rows read
    /// with the new layouts (a row deleted meanwhile stays deleted). A photo without cached
    /// entries is only updated in memory; a photo read that no longer exists is skipped.
    public func relayout(_ marks: [MarkedCell]) throws -> RelayoutSummary {
        let changes = Dictionary(marks.map { ($0.photoID, $0.changes) }, uniquingKeysWith: +)
        let unique = changes.keys.sorted()
        guard !unique.isEmpty else { return RelayoutSummary() }
        var known: [Int64: PhotoCellModel] = [:]
        for photoID in unique {
            if let model = cells.cachedCell(photoID: photoID)?.model.applying(changes[photoID] ?? []) {
                known[photoID] = model
            }
        }
        let inputs = try store.relayoutInputs(photoIDs: unique, contentOf: unique.filter { known[$0] == nil },
                                              cellKind: Self.cellKind, commentLimit: Self.shownComments)
        let items = inputs.items, comments = inputs.comments
        let byPhoto = Dictionary(grouping: inputs.entries, by: \.photoID)
        let work: [(model: PhotoCellModel, entries: [CachedLayoutEntry])] = unique.compactMap { photoID in
            guard let model = known[photoID] ?? items[photoID].map({ model($0, comments: comments) }) else { return nil }
            return (model, byPhoto[photoID] ?? [])
        }
        let results = ParallelWork.map(count: work.count, width: parallelism) { index in
            let (model, entries) = work[index]
            let cell = cells.cell(for: model)
            return entries.map { entry in
                let layout = Self.measure(cell, range: entry.sizeRange.sizeRange, scale: entry.scale)
                let key = LayoutCacheKey(cellKind: Self.cellKind, photoID: model.photoID,
                                         contentVersion: model.contentVersion, sizeRange: entry.sizeRange,
                                         scale: entry.scale, engineVersion: EngineVersion.layoutEngine)
                return (key: key, layout: layout, heightChanged: layout.height != entry.height)
            }
        }.flatMap { $0 }
        try store.replaceLayouts(results.map { (key: $0.key, layout: $0.layout) })
        return RelayoutSummary(relayouts: results.count, heightChanges: results.count { $0.heightChanged })
    }
}
