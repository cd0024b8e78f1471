import FeedModel
import Foundation

/// The photo feed's store on PostgreSQL: the same seam as the SQLite ``FeedStore`` (feed reads,
/// the layout cache, seeding, the sync writer) for a database that several machines share, plus
/// ``SyncJobLeasing`` for any number of sync workers.
///
/// Its migrations are `Migrations/postgresql/` (``ResourceLocator/postgresMigrationsDirectory``),
/// applied under an advisory lock (``migrate(upTo:)``). `init` checks the applied migrations'
/// checksums and migrates to `migrationTarget`. Calls are synchronous and run on the caller's
/// thread (``PostgresConnectionPool``); a lost connection is made again as `reconnect` allows.
///
/// ```swift
/// let store = try PostgresFeedStore(location: PostgresLocation(url: "postgres://me@127.0.0.1/feed"))
/// let page = try store.feedPage(after: nil, limit: 20)
/// ```
public struct PostgresFeedStore: Sendable {
    public let location: PostgresLocation
    public let migrations: [MigrationFile]
    public let clock: StoreClock
    let pool: PostgresConnectionPool
    /// Layout cache hits and misses not written yet (shared by this value's copies).
    let accessCounts = LayoutAccessCounts()

    public init(location: PostgresLocation,
                migrationsDirectory: URL = ResourceLocator.postgresMigrationsDirectory,
                clock: StoreClock = .system,
                reconnect: ReconnectPolicy = .standard,
                migrationTarget: MigrationTarget = .latest) throws {
        self.location = location
        self.migrations = try MigrationFile.load(from: migrationsDirectory)
        self.clock = clock
        self.pool = PostgresConnectionPool(location: location, reconnect: reconnect)
        switch migrationTarget {
        case .latest: try migrate()
        case .upTo(let name): try migrate(upTo: name)
        case .none: try verifyChecksums()
        }
    }

    /// Runs `body` with a session (see ``PostgresConnectionPool/withSession(_:)``).
    func withSession<T>(_ body: (PostgresSession) throws -> T) throws -> T {
        try pool.withSession(body)
    }

    /// Runs `body` in one transaction, which also tells the store's change watchers
    /// (``PostgresChangeWatcher``) when it commits.
    ///
    /// Writers on other connections can lock the same rows in another order (an avatar
    /// completion bumps every photo of its user while another worker's batch updates one of
    /// them): the server then aborts one transaction with a deadlock (40P01) or serialization
    /// failure (40001). That transaction was rolled back whole, so `body` runs again, after the
    /// reconnect policy's delays, before the conflict is reported as busy.
    func write<T>(_ body: (PostgresSession) throws -> T) throws -> T {
        var attempt = 0
        while true {
            do {
                return try pool.withSession { session in
                    try session.transaction {
                        let result = try body(session)
                        try session.notifyChange(on: location.changeChannel)
                        return result
                    }
                }
            } catch let error as PostgresStoreError where error.isTransactionConflict
                && attempt < pool.reconnect.delays.count {
                pool.reconnect.wait(pool.reconnect.delays[attempt])
                attempt += 1
            }
        }
    }

    /// Runs `body` in one read-only transaction (one snapshot).
    func read<T>(_ body: (PostgresSession) throws -> T) throws -> T {
        try pool.withSession { session in try session.readTransaction { try body(session) } }
    }
}
