/// What the sync daemon asks of the layer that owns cells once completions are committed.
///
/// The daemon writes each completion (and the content-version bump of the photos it affects) to
/// the store first; only then does it hand the affected photos to the relayouter, which marks
/// their cells as needing layout (`setNeedsLayout`), lays each out again for every size range
/// and scale the layout cache holds for it, and stores the new layouts. A crash between the two
/// steps leaves stale cache rows (older content version), which are never served and are
/// recomputed on demand, so the feed stays correct.
///
/// A relayout has two steps so that the daemon can run the second while it commits the next
/// batch and still get the same result whatever the timing. ``prepareRelayout(_:)`` reads what
/// the layouts need (the photos, the cached entries and their heights) from the store as the
/// commit left it; the daemon calls it right after each commit, while the pass it prepared
/// before may still run (every pass before that one has finished), so it must not depend on how
/// far that pass got. The ``RelayoutPass`` it returns starts once the pass before has finished;
/// it lays the cells out and writes the layouts, and reads nothing the daemon's later commits
/// change.
public protocol CellRelayouting: Sendable {
    /// Reads what laying out `cells` for every cached size range and scale needs, now; each
    /// mark's changes may spare reading its photo again (``MarkedCell``).
    func prepareRelayout(_ cells: [MarkedCell]) throws -> RelayoutPass
}

extension CellRelayouting {
    /// Relayouts the cells of `cells` at once: prepares and runs the pass.
    public func relayoutCells(_ cells: [MarkedCell]) async throws -> RelayoutSummary {
        try await prepareRelayout(cells).run()
    }

    /// Relayouts the cells of `photoIDs`, reading each photo from the store.
    public func relayoutCells(forPhotos photoIDs: [Int64]) async throws -> RelayoutSummary {
        try await relayoutCells(photoIDs.map { MarkedCell(photoID: $0) })
    }
}

/// A layout pass whose inputs are read: it lays the cells out, stores the layouts and says what
/// changed. Run it once.
public struct RelayoutPass: Sendable {
    private let body: @Sendable () async throws -> RelayoutSummary

    public init(_ body: @escaping @Sendable () async throws -> RelayoutSummary) {
        self.body = body
    }

    /// A pass with nothing to lay out.
    public static let empty = RelayoutPass { RelayoutSummary() }

    public func run() async throws -> RelayoutSummary {
        try await body()
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
