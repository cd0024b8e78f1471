import FeedModel

/// The daemon's layout passes: one per committed batch, run while the worker goes on.
///
/// A batch is the daemon's turn of the run loop: every `setNeedsLayout` its completions make
/// coalesces into the pass after its commit, as Texture coalesces the calls of one turn into the
/// next layout pass. ``setNeedsLayout(_:)`` has the relayouter read the batch's inputs (the store
/// holds what the batch committed; the pass before may still run, see ``CellRelayouting``), waits
/// for the pass under way, and starts the new pass in a task of its own. So passes, relayouts and
/// height changes depend only on the committed batches, never on timing: a run on the virtual
/// clock reports the same counts every time, and the same as laying each batch out inline.
///
/// A failed pass is thrown by the next ``setNeedsLayout(_:)`` or ``flush()``; the photos it did
/// not lay out keep stale cache rows, which the next run lays out first. A cancelled caller
/// starts no new pass: the batch's photos keep stale rows in the same way.
actor RelayoutQueue {
    private let relayouter: any CellRelayouting
    private var pass: Task<RelayoutSummary, any Error>?
    /// Every finished pass's summary added up.
    private(set) var total = RelayoutSummary()
    /// The finished passes' summaries since ``takeUnrecorded()`` last took them.
    private var unrecorded = RelayoutSummary()

    init(relayouter: any CellRelayouting) {
        self.relayouter = relayouter
    }

    /// Marks the cells of the photos `changes` (one committed batch's) changed as needing
    /// layout: reads this pass's inputs, waits for the pass under way and starts this one.
    ///
    /// - Throws: the error of reading the inputs, or of the pass under way.
    func setNeedsLayout(_ changes: [ContentChange]) async throws {
        guard !changes.isEmpty, !Task.isCancelled else { return try await flush() }
        let next = try relayouter.prepareRelayout(MarkedCell.grouping(changes))
        try await flush()
        pass = Task { try await next.run() }
    }

    /// Lays out the cells of the photos `changes` (one committed batch's) changed: in the next
    /// pass (``setNeedsLayout(_:)``), run while the worker goes on, when `overlapping`, else now.
    /// Returns what a relayout made now changed (a pass's summary adds up in ``total``).
    func layOut(_ changes: [ContentChange], overlapping: Bool) async throws -> RelayoutSummary {
        guard !changes.isEmpty else { return RelayoutSummary() }
        if overlapping {
            try await setNeedsLayout(changes)
            return RelayoutSummary()
        }
        return try await relayouter.relayoutCells(MarkedCell.grouping(changes))
    }

    /// Waits until the pass under way, if any, has finished.
    ///
    /// - Throws: the error of that pass.
    func flush() async throws {
        guard let running = pass else { return }
        pass = nil
        let summary = try await running.value
        total = total + summary
        unrecorded = unrecorded + summary
    }

    /// The finished passes' summaries added up since the last call (the worker records them in
    /// its totals, ``SyncWorkerCounts``).
    func takeUnrecorded() -> RelayoutSummary {
        defer { unrecorded = RelayoutSummary() }
        return unrecorded
    }
}
