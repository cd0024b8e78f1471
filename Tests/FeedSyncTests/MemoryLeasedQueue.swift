import FeedModel
import FeedStore
import FeedSync
import Synchronization

/// A leased job queue for the worker's tests: the SQLite store's jobs and effects, with the
/// leases kept in memory and every call under one lock (so claims are disjoint, as `FOR UPDATE
/// SKIP LOCKED` makes them on PostgreSQL).
///
/// Its time is `time` (milliseconds since ``SyncFixture/nowMilliseconds``, when every seeded job
/// is due): the tests move it by hand or let workers' idle polls move it. A claim marks pending
/// jobs running in the store and leases them; a job whose lease expired is claimable again; a
/// commit applies only the writes of jobs the worker still holds and counts the others'
/// completions as cancelled, as the PostgreSQL store's leased commit does.
final class MemoryLeasedQueue: SyncJobLeasing, SyncJobStoring {
    private struct Lease {
        var worker: String
        var expiresAt: Int64
        var nextRunAt: Int64
        var job: ScheduledJob
    }

    let store: FeedStore
    let time: VirtualClock
    private let leases = Mutex<[Int64: Lease]>([:])

    init(store: FeedStore, time: VirtualClock) {
        self.store = store
        self.time = time
    }

    var nowMilliseconds: Int64 {
        let (seconds, attoseconds) = time.now().components
        return SyncFixture.nowMilliseconds + seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }

    /// The workers holding a live lease, by job row id.
    var holders: [Int64: String] {
        let now = nowMilliseconds
        return leases.withLock { $0.filter { $0.value.expiresAt > now }.mapValues(\.worker) }
    }

    func claimDueJobs(worker: String, limit: Int, leaseMilliseconds: Int64) throws -> [ScheduledJob] {
        try leases.withLock { leases in
            let now = nowMilliseconds
            var due = try store.pendingJobs().filter { $0.nextRunAt <= now }.map { ($0.nextRunAt, $0.job) }
            due += leases.values.filter { $0.expiresAt <= now }.map { ($0.nextRunAt, $0.job) }
            due.sort { ($0.0, $0.1.rowID) < ($1.0, $1.1.rowID) }
            let claimed = Array(due.prefix(limit))
            var starts = SyncBatch()
            for (nextRunAt, job) in claimed {
                if leases[job.rowID] == nil { starts.append(.start(rowID: job.rowID)) }
                leases[job.rowID] = Lease(worker: worker, expiresAt: now + leaseMilliseconds, nextRunAt: nextRunAt,
                                          job: job)
            }
            _ = try store.commit(starts, geocoder: ReverseGeocoder()) {}
            return claimed.map(\.1)
        }
    }

    func renewLeases(worker: String, rowIDs: [Int64], leaseMilliseconds: Int64) throws -> [Int64] {
        leases.withLock { leases in
            let now = nowMilliseconds
            return rowIDs.filter { id in
                guard let lease = leases[id], lease.worker == worker, lease.expiresAt > now else { return false }
                leases[id]?.expiresAt = now + leaseMilliseconds
                return true
            }.sorted()
        }
    }

    func commit(_ batch: SyncBatch, worker: String, geocoder: ReverseGeocoder) throws -> SyncBatchResult {
        try leases.withLock { leases in
            let now = nowMilliseconds
            var held = SyncBatch()
            var discarded = 0
            for write in batch.writes where !write.isElided {
                let id = write.operation.rowID
                if let lease = leases[id], lease.worker == worker, lease.expiresAt > now {
                    held.append(write.operation)
                    leases[id] = nil
                } else if case .release = write.operation {
                    continue
                } else {
                    discarded += 1
                }
            }
            var result = try store.commit(held, geocoder: geocoder) {}
            result.cancelled += discarded
            return result
        }
    }

    func releaseRunningJobs() throws -> Int {
        try leases.withLock { leases in
            let now = nowMilliseconds
            var releases = SyncBatch()
            for (id, lease) in leases where lease.expiresAt <= now {
                releases.append(.release(rowID: id))
                leases[id] = nil
            }
            _ = try store.commit(releases, geocoder: ReverseGeocoder()) {}
            return releases.writes.count
        }
    }

    func pendingJobs() throws -> [PendingJob] { try store.pendingJobs() }

    func unfinishedJobCount() throws -> Int { try store.unfinishedJobCount() }

    func photosWithStaleLayouts() throws -> [Int64] { try store.photosWithStaleLayouts() }

    func commit(_ batch: SyncBatch, geocoder: ReverseGeocoder, beforeCommit: () -> Void) throws -> SyncBatchResult {
        try store.commit(batch, geocoder: geocoder, beforeCommit: beforeCommit)
    }
}
