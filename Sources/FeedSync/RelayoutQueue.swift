/// The daemon's layout passes: photos whose cells need layout, coalesced until the relayouter is
/// free, as Texture coalesces `setNeedsLayout` calls into the next layout pass.
///
/// ``setNeedsLayout(_:)`` marks the photos of committed changes and returns at once. One pass
/// runs at a time, in a task of its own: it hands every photo marked so far to the
/// ``CellRelayouting`` (once each, in ascending id order, with the changes that marked it) and,
/// when that returns, starts the next pass with the photos marked meanwhile. A photo marked
/// twice before its pass is laid out once, from its newest content; a photo marked while its
/// pass runs is laid out again in the next one. So the final layouts are the same whatever the
/// timing; only how many passes (and relayouts) it took depends on how fast the relayouter kept up.
///
/// A failed pass stops the queue: the error is thrown by the next ``setNeedsLayout(_:)`` or
/// ``flush()``, and the photos not yet laid out keep stale cache rows, which the next run lays
/// out first.
actor RelayoutQueue {
    private let relayouter: any CellRelayouting
    /// The changes not yet handed to a pass, in commit order.
    private var marked: [ContentChange] = []
    private var pass: Task<Void, Never>?
    private var failure: (any Error)?
    /// Every pass's summary added up.
    private(set) var total = RelayoutSummary()

    init(relayouter: any CellRelayouting) {
        self.relayouter = relayouter
    }

    /// Marks the cells of the photos `changes` changed as needing layout; starts a pass unless one
    /// is running.
    ///
    /// - Throws: the error of a pass that failed since the last call.
    func setNeedsLayout(_ changes: [ContentChange]) throws {
        try throwFailure()
        marked += changes
        guard pass == nil, !marked.isEmpty else { return }
        pass = Task { await self.runPasses() }
    }

    /// Waits until every photo marked so far is laid out.
    ///
    /// - Throws: the error of a pass that failed.
    func flush() async throws {
        while let pass { await pass.value }
        try throwFailure()
    }

    /// Forgets the photos marked but not yet in a pass (a stopping run: their cache rows stay
    /// stale until the next run); the pass under way, if any, still finishes.
    func discardMarked() {
        marked.removeAll()
    }

    private func runPasses() async {
        while !marked.isEmpty {
            let cells = MarkedCell.grouping(marked)
            marked.removeAll(keepingCapacity: true)
            do {
                total = total + (try await relayouter.relayoutCells(cells))
            } catch {
                failure = error
                marked.removeAll()
            }
        }
        pass = nil
    }

    private func throwFailure() throws {
        guard let failure else { return }
        self.failure = nil
        throw failure
    }
}
