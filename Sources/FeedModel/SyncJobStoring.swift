/// What the sync daemon needs of a store: its pending jobs, the repair it makes at start, and
/// one transactional commit per batch of decided writes.
///
/// A commit applies the whole batch or nothing. Each completion's job state, its result and the
/// content-version bump of every photo it affects land in the same transaction, and every job
/// update is guarded by the state the batch expects (``SyncBatch/Write/expectedState``): a job
/// changed by another writer meanwhile counts as cancelled and nothing is applied for it.
/// `FeedStore` is the SQLite implementation.
public protocol SyncJobStoring: Sendable {
    /// Sends every `running` job back to `pending` (attempts in flight in a run that died: their
    /// effect was not committed). Returns how many there were.
    @discardableResult
    func releaseRunningJobs() throws -> Int

    /// Every pending job in (due time, row id) order.
    func pendingJobs() throws -> [PendingJob]

    /// Jobs not finished: pending, or running.
    func unfinishedJobCount() throws -> Int

    /// The photos with a cached layout older than their content, ascending by id.
    func photosWithStaleLayouts() throws -> [Int64]

    /// Deletes the stored layouts (`cell_layout`) that no link of the layout cache refers to any
    /// more (a relayout moved every photo that had one to another fingerprint), in one
    /// statement; returns how many. The sync worker runs it when it lays out stale cells.
    @discardableResult
    func pruneUnreferencedLayouts() throws -> Int

    /// Applies `batch` in one transaction, reverse-geocoding its geocode successes with
    /// `geocoder` inside it; `beforeCommit` runs inside the transaction after every change.
    func commit(_ batch: SyncBatch, geocoder: ReverseGeocoder, beforeCommit: () -> Void) throws -> SyncBatchResult
}
