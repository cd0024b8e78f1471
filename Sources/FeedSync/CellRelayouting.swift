/// What the sync daemon asks of the layer that owns cells once completions are committed.
///
/// The daemon writes each completion (and the content-version bump of the photos it affects) to
/// the store first; only then does it hand the affected photos to the relayouter, which marks
/// their cells as needing layout (`setNeedsLayout`), lays each out again for every size range
/// and scale the layout cache holds for it, and stores the new layouts. A crash between the two
/// steps leaves stale cache rows (older content version), which are never served and are
/// recomputed on demand, so the feed stays correct.
public protocol CellRelayouting: Sendable {
    /// Relayouts the cells of `cells` for every cached size range and scale; each mark's
    /// changes may spare reading its photo again (``MarkedCell``).
    func relayoutCells(_ cells: [MarkedCell]) async throws -> RelayoutSummary
}

extension CellRelayouting {
    /// Relayouts the cells of `photoIDs`, reading each photo from the store.
    public func relayoutCells(forPhotos photoIDs: [Int64]) async throws -> RelayoutSummary {
        try await relayoutCells(photoIDs.map { MarkedCell(photoID: $0) })
    }
}

/// What a relayout changed.
public struct RelayoutSummary: Hashable, Sendable {
    /// Cell layouts computed again (one per photo and cached size range and scale).
    public var relayouts: Int
    /// Of those, how many came out with a different height than the cached layout they replace.
    public var heightChanges: Int

    public init(relayouts: Int = 0, heightChanges: Int = 0) {
        self.relayouts = relayouts
        self.heightChanges = heightChanges
    }

    public static func + (lhs: RelayoutSummary, rhs: RelayoutSummary) -> RelayoutSummary {
        RelayoutSummary(relayouts: lhs.relayouts + rhs.relayouts, heightChanges: lhs.heightChanges + rhs.heightChanges)
    }
}
