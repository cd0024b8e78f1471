import FeedModel
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

    /// What a pass does: photos laid out from their new models, for the cached entries (size
    /// ranges, scales, old heights) they have, and photos whose rows are only confirmed.
    struct RelayoutWork {
        var laidOut: [(model: PhotoCellModel, entries: [CachedLayoutEntry])] = []
        /// Photos whose changes are display only, with the content version they reached and the
        /// rows to confirm for it (no model is read and no cell made for them).
        var confirmed: [(contentVersion: Int64, entries: [CachedLayoutEntry])] = []
    }

    /// What relaying out `marks` needs, read now.
    ///
    /// A photo whose last model is at the version just before its mark's changes takes its new
    /// model from them (``PhotoCellModel/applying(_:)``). The last model is the one the pass
    /// prepared before this one (maybe still running) lays the photo out from, else its cell's in
    /// memory (``RelayoutHandoff``). A photo with no last model whose changes are all display
    /// only (``PhotoCellModel/changesLayoutInputs(_:)``) keeps its layouts: when every cached row
    /// of it is of this engine and current at the version just before the changes (as the pass
    /// before confirms it, else as read), its rows are only confirmed for the new version, with
    /// no model read and no cell made. The others are read again. One read transaction fetches
    /// the cached entries of every photo and the rows and first comments of the photos read (a
    /// second one reads the display-only photos whose rows were not current). A photo read that
    /// no longer exists is skipped, and its live cell, if any, released.
    func relayoutWork(_ marks: [MarkedCell]) throws -> RelayoutWork {
        let changes = Dictionary(marks.map { ($0.photoID, $0.changes) }, uniquingKeysWith: +)
        let unique = changes.keys.sorted()
        let previous = handoff.preparedModels
        var known: [Int64: PhotoCellModel] = [:]
        var displayOnly: Set<Int64> = []
        for photoID in unique {
            let photoChanges = changes[photoID] ?? []
            guard let last = previous[photoID] ?? cells.cachedCell(photoID: photoID)?.model else {
                if !photoChanges.isEmpty,
                   !photoChanges.contains(where: { PhotoCellModel.changesLayoutInputs($0.edit) }) {
                    displayOnly.insert(photoID)
                }
                continue
            }
            if let model = last.applying(photoChanges) { known[photoID] = model }
        }
        var inputs = try store.relayoutInputs(
            photoIDs: unique, contentOf: unique.filter { known[$0] == nil && !displayOnly.contains($0) },
            cellKind: Self.cellKind, commentLimit: Self.commentPageSize)
        var byPhoto = Dictionary(grouping: inputs.entries, by: \.photoID)
        let confirmedBefore = handoff.preparedConfirmations
        var confirmed: [Int64: (contentVersion: Int64, entries: [CachedLayoutEntry])] = [:]
        for photoID in displayOnly {
            let entries = byPhoto[photoID] ?? []
            if let version = Self.confirmableVersion(entries, changes: changes[photoID] ?? [],
                                                     confirmedBefore: confirmedBefore[photoID]) {
                confirmed[photoID] = (version, entries)
            }
        }
        let unconfirmed = displayOnly.filter { confirmed[$0] == nil }.sorted()
        if !unconfirmed.isEmpty {
            let read = try store.relayoutInputs(photoIDs: unconfirmed, contentOf: unconfirmed, cellKind: Self.cellKind,
                                                commentLimit: Self.commentPageSize)
            inputs.items.merge(read.items) { $1 }
            inputs.comments.merge(read.comments) { $1 }
            for photoID in unconfirmed { byPhoto[photoID] = nil }
            byPhoto.merge(Dictionary(grouping: read.entries, by: \.photoID)) { $1 }
        }
        let items = inputs.items, comments = inputs.comments
        var deleted: [Int64] = []
        var work = RelayoutWork()
        for photoID in unique {
            if let confirmation = confirmed[photoID] {
                work.confirmed.append(confirmation)
                continue
            }
            guard let model = known[photoID] ?? items[photoID].map({ model($0, comments: comments) }) else {
                deleted.append(photoID)
                continue
            }
            work.laidOut.append((model, byPhoto[photoID] ?? []))
        }
        cells.remove(photoIDs: deleted)
        handoff.prepared(Dictionary(uniqueKeysWithValues: work.laidOut.map { ($0.model.photoID, $0.model) }),
                         confirmations: confirmed.mapValues(\.contentVersion))
        return work
    }

    /// The content version display-only `changes` bring a photo's rows `entries` to, or nil when
    /// the rows cannot simply be confirmed for it: one is of another engine or has no
    /// fingerprint, or they are not all
    /// current at the version just before the changes (`confirmedBefore`, the version the pass
    /// before confirms them for, else each row's own), or the changes skip a version.
    static func confirmableVersion(_ entries: [CachedLayoutEntry], changes: [ContentChange],
                                   confirmedBefore: Int64?) -> Int64? {
        guard let first = changes.first, let last = changes.last,
              entries.allSatisfy({ entry in
                  entry.engineVersion == EngineVersion.layoutEngine && !entry.fingerprint.isEmpty
                      && (confirmedBefore ?? entry.contentVersion) == first.contentVersion - 1
              }),
              zip(changes, changes.dropFirst()).allSatisfy({ $1.contentVersion == $0.contentVersion + 1 })
        else { return nil }
        return last.contentVersion
    }

    /// Updates the live cells of `work` (allocating the missing ones together, through the live
    /// cells' data controller) and measures them in parallel, one photo per job (a cell is never
    /// measured on two threads at once); one write transaction replaces the rows read with
    /// the new layouts (a row deleted meanwhile stays deleted) and confirms the others. An entry
    /// whose fingerprint (the one the last pass wrote or confirmed for it, else the row's) and
    /// engine version equal the new model's (a display-only change: image, avatar) is not
    /// measured nor rewritten and is no relayout: it is only confirmed for the new content
    /// version, as the rows of a display-only photo without a model are (with that fingerprint).
    /// A photo without cached entries is only updated in memory. A height changed when it
    /// differs from the one the last pass computed for the entry, else from the row read.
    func layOut(_ work: RelayoutWork) throws -> RelayoutSummary {
        let previous = handoff.finishedHeights
        let previousFingerprints = handoff.finishedFingerprints
        let laidOut = work.laidOut
        let cells = self.cells.cells(for: laidOut.map(\.model))
        var results = ParallelWork.map(count: laidOut.count, width: parallelism) { index in
            let (model, entries) = laidOut[index]
            let cell = cells[index]
            // One digest of the model's inputs serves every entry of the photo.
            let fingerprint = model.layoutInputs(fonts: fontSetDigest).fingerprint
            return entries.map { entry -> RelayoutResult in
                let key = cacheKey(model, sizeRange: entry.sizeRange, scale: entry.scale, fingerprint: fingerprint)
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
        for (contentVersion, entries) in work.confirmed {
            for entry in entries {
                let entryKey = RelayoutHandoff.EntryKey(entry)
                let key = LayoutCacheKey(cellKind: Self.cellKind, photoID: entry.photoID, contentVersion: contentVersion,
                                         sizeRange: entry.sizeRange, scale: entry.scale,
                                         engineVersion: EngineVersion.layoutEngine,
                                         fingerprint: previousFingerprints[entryKey] ?? entry.fingerprint)
                results.append(RelayoutResult(key: key, entry: entryKey, layout: nil, heightChanged: false))
            }
        }
        let relaid = results.compactMap { result in result.layout.map { (key: result.key, layout: $0) } }
        let confirmed = results.filter { $0.layout == nil }.map(\.key)
        _ = try store.replaceAndConfirmLayouts(relaid, confirming: confirmed)
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
