import FeedStore
import FeedSync
import LayoutCore
import NodeKit

/// The sync daemon's side: after it commits completions, the affected photos' cells take their
/// new models (`setNeedsLayout`) and are laid out again for every size range and scale the
/// cache holds for them; the new layouts replace the old ones.
extension FeedController: CellRelayouting {
    public func relayoutCells(forPhotos photoIDs: [Int64]) async throws -> RelayoutSummary {
        try relayout(photoIDs: photoIDs)
    }

    /// The synchronous body of ``relayoutCells(forPhotos:)``.
    ///
    /// One read transaction fetches the photos' rows, first comments and cached entries; the
    /// cells are updated and measured in parallel, one photo per job (a cell is never measured on
    /// two threads at once); one write transaction replaces the rows read with the new layouts
    /// (a row deleted meanwhile stays deleted). A photo without cached entries is only updated in
    /// memory; a photo that no longer exists is skipped.
    public func relayout(photoIDs: [Int64]) throws -> RelayoutSummary {
        let unique = Array(Set(photoIDs)).sorted()
        guard !unique.isEmpty else { return RelayoutSummary() }
        let inputs = try store.relayoutInputs(photoIDs: unique, cellKind: Self.cellKind,
                                              commentLimit: Self.shownComments)
        let items = inputs.items, comments = inputs.comments
        let byPhoto = Dictionary(grouping: inputs.entries, by: \.photoID)
        let work: [(model: PhotoCellModel, entries: [CachedLayoutEntry])] = unique.compactMap { photoID in
            guard let item = items[photoID] else { return nil }
            return (model(item, comments: comments), byPhoto[photoID] ?? [])
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
