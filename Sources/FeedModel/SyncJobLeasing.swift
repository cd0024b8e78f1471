/// The job queue shared by any number of sync workers: each claims due jobs under a lease that
/// expires, and commits their completions only while it still holds the lease.
///
/// A claim takes, in one transaction, up to `limit` jobs that are due: pending with
/// `next_run_at` reached, or running under a lease that has expired (the jobs of a worker that
/// died). Jobs another worker is claiming at the same moment are skipped, never waited for.
/// A commit applies a batch of completions like ``SyncJobStoring/commit(_:geocoder:beforeCommit:)``
/// — job states, their effects and content-version bumps in one transaction — except that each
/// job update also requires the worker's unexpired lease: a completion whose lease was lost
/// (expired, and perhaps claimed by another worker) is discarded and counted as cancelled, so no
/// effect is applied twice. The PostgreSQL store implements it (`FOR UPDATE SKIP LOCKED`).
///
/// A leased commit also adds to the worker's running totals (``SyncWorkerCounts``), in the same
/// transaction: the commit's own counts and the batch's ``SyncBatch/tally``.
public protocol SyncJobLeasing: Sendable {
    /// Claims up to `limit` due jobs for `worker`, leased for `leaseMilliseconds` from now, in
    /// (due time, row id) order.
    func claimDueJobs(worker: String, limit: Int, leaseMilliseconds: Int64) throws -> [ScheduledJob]

    /// Extends `worker`'s leases on the jobs of `rowIDs` to `leaseMilliseconds` from now; returns
    /// the row ids whose lease the worker still held, ascending.
    func renewLeases(worker: String, rowIDs: [Int64], leaseMilliseconds: Int64) throws -> [Int64]

    /// Applies the completions of `batch` for the jobs `worker` holds, in one transaction, and
    /// adds ``SyncWorkerTally/committed(_:batch:)`` to `worker`'s totals in it.
    func commit(_ batch: SyncBatch, worker: String, geocoder: ReverseGeocoder) throws -> SyncBatchResult

    /// Adds `tally` to `worker`'s totals (``SyncWorkerCounts``) in a transaction of its own: what
    /// the worker counted after its last commit (the relayouts of its last batches).
    func recordWorkerTally(_ tally: SyncWorkerTally, worker: String) throws
}
