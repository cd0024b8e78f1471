import FeedModel
@_spi(SQLiteAccess) import FeedStore
import FeedSync
import Foundation
import GRDB

/// A seeded SQLite store whose clock is `time` (``SyncFixture/now`` plus the virtual clock's
/// time): the worker tests move it by hand or let the workers' idle polls move it, so leases
/// expire exactly when a test says.
struct LeasedStore {
    let store: FeedStore
    let time: VirtualClock

    /// The store clock that reads `time`.
    static func clock(_ time: VirtualClock) -> StoreClock {
        StoreClock {
            let (seconds, attoseconds) = time.now().components
            return SyncFixture.now.addingTimeInterval(Double(seconds) + Double(attoseconds) / 1e18)
        }
    }

    /// A store seeded with the small set (a WAL file when `file` is true, else in memory).
    init(photos: Int, time: VirtualClock, file: Bool = false) throws {
        store = try SyncFixture.seededStore(file: file, photos: photos, clock: Self.clock(time))
        self.time = time
    }

    /// Another connection pool on the same file, with the same time.
    init(sharing other: LeasedStore) throws {
        store = try FeedStore(path: other.store.writer.path, migrationsDirectory: SyncFixture.migrationsDirectory,
                              clock: Self.clock(other.time))
        time = other.time
    }

    /// The workers holding a live lease, by job row id.
    var holders: [Int64: String] {
        get throws {
            let now = Int64((LeasedStore.clock(time).now().timeIntervalSince1970 * 1000).rounded())
            return try store.writer.read { db in
                var holders: [Int64: String] = [:]
                for row in try Row.fetchAll(db, sql: """
                    SELECT id, lease_owner FROM sync_job WHERE state = 'running' AND lease_expires_at > ?
                    """, arguments: [now]) {
                    holders[row[0]] = row[1]
                }
                return holders
            }
        }
    }

    func claimDueJobs(worker: String, limit: Int, leaseMilliseconds: Int64) throws -> [ScheduledJob] {
        try store.claimDueJobs(worker: worker, limit: limit, leaseMilliseconds: leaseMilliseconds)
    }

    func unfinishedJobCount() throws -> Int { try store.unfinishedJobCount() }

    func pendingJobs() throws -> [PendingJob] { try store.pendingJobs() }
}
