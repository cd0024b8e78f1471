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
    /// The photos are split into shares, a few per core. Each share is read in its own read
    /// transaction (its photos' rows, first comments and cached entries; the pool's readers run at
    /// once) and its cells updated and measured, on all cores, a share at a time per thread (a
    /// cell is never measured on two threads at once). One write transaction then replaces the
    /// rows read with the new layouts (a row deleted meanwhile stays deleted). A photo without
    /// cached entries is only updated in memory; a photo that no longer exists is skipped.
    ///
    /// Reading in shares rather than in one transaction first keeps both cores busy while a pass
    /// reads: when relayout is the daemon's bottleneck the pass runs alone at the end of a run,
    /// and its reads were a quarter of its work.
    public func relayout(photoIDs: [Int64]) throws -> RelayoutSummary {
        let unique = Array(Set(photoIDs)).sorted()
        guard !unique.isEmpty else { return RelayoutSummary() }
        let shareCount = max(1, min(parallelism * Self.sharesPerCore, unique.count / Self.minimumShare))
        let shares = (0..<shareCount).map { share in
            unique[unique.count * share / shareCount..<unique.count * (share + 1) / shareCount]
        }
        let outcomes = ParallelWork.map(count: shareCount, width: parallelism) { share in
            Result { try relayoutShare(Array(shares[share])) }
        }
        let results = try outcomes.flatMap { try $0.get() }
        try store.replaceLayouts(results.map { (key: $0.key, layout: $0.layout) })
        return RelayoutSummary(relayouts: results.count, heightChanges: results.count { $0.heightChanged })
    }

    /// Shares per core in a pass: enough to even out shares of cold and warm cells.
    static let sharesPerCore = 4
    /// The fewest photos worth a read transaction of their own.
    static let minimumShare = 16

    /// Reads the photos' inputs in one read transaction and measures their cells at every cached
    /// size range and scale.
    private func relayoutShare(_ photoIDs: [Int64]) throws
        -> [(key: LayoutCacheKey, layout: CachedLayout, heightChanged: Bool)] {
        let inputs = try store.relayoutInputs(photoIDs: photoIDs, cellKind: Self.cellKind,
                                              commentLimit: Self.shownComments)
        let byPhoto = Dictionary(grouping: inputs.entries, by: \.photoID)
        return photoIDs.flatMap { photoID -> [(key: LayoutCacheKey, layout: CachedLayout, heightChanged: Bool)] in
            guard let item = inputs.items[photoID] else { return [] }
            let model = model(item, comments: inputs.comments)
            let cell = cells.cell(for: model)
            return (byPhoto[photoID] ?? []).map { entry in
                let layout = Self.measure(cell, range: entry.sizeRange.sizeRange, scale: entry.scale)
                let key = LayoutCacheKey(cellKind: Self.cellKind, photoID: model.photoID,
                                         contentVersion: model.contentVersion, sizeRange: entry.sizeRange,
                                         scale: entry.scale, engineVersion: EngineVersion.layoutEngine)
                return (key: key, layout: layout, heightChanged: layout.height != entry.height)
            }
        }
    }
}
