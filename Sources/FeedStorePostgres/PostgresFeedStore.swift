import FeedModel
import Foundation

/// The photo feed's store on PostgreSQL: the same seam as the SQLite ``FeedStore`` (feed reads,
/// the layout cache, seeding, the sync writer) for a database that several machines share, plus
/// ``SyncJobLeasing`` for any number of sync workers.
///
/// Its migrations are `Migrations/postgresql/` (``ResourceLocator/postgresMigrationsDirectory``),
/// applied under an advisory lock (``migrate(upTo:)``). `init` checks the applied migrations'
/// checksums and migrates to `migrationTarget`. Its connections come from a postgres-nio client
/// that the store runs itself (``PostgresStoreClient``); a lost connection is made again as
/// `reconnect` allows. The internals are asynchronous: the server reads through ``FeedServing``
/// without holding a thread, while the synchronous seam (``FeedReading`` and the rest, for the
/// commands and the sync worker) blocks its caller's thread until its work is done
/// (``BlockingBridge``) and must not be called from the server.
///
/// ```swift
/// let store = try PostgresFeedStore(location: PostgresLocation(url: "postgres://me@127.0.0.1/feed"))
/// let page = try store.feedPage(after: nil, limit: 20)
/// ```
public struct PostgresFeedStore: Sendable {
    public let location: PostgresLocation
    public let migrations: [MigrationFile]
    public let clock: StoreClock
    let client: PostgresStoreClient
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
        self.client = PostgresStoreClient(location: location, reconnect: reconnect)
        switch migrationTarget {
        case .latest: try migrate()
        case .upTo(let name): try migrate(upTo: name)
        case .none: try verifyChecksums()
        }
    }

    /// Runs `body` with a session (see ``PostgresStoreClient/withSession(_:)``).
    func withSession<T>(waitingToReconnect: Bool = true,
                        _ body: (PostgresSession) async throws -> T) async throws -> T {
        try await client.withSession(waitingToReconnect: waitingToReconnect, body)
    }

    /// Runs `body` in one transaction, which also tells the store's change watchers
    /// (``PostgresChangeWatcher``) when it commits.
    ///
    /// Writers on other connections can lock the same rows in another order (an avatar
    /// completion bumps every photo of its user while another worker's batch updates one of
    /// them): the server then aborts one transaction with a deadlock (40P01) or serialization
    /// failure (40001). That transaction was rolled back whole, so `body` runs again, after the
    /// reconnect policy's delays, before the conflict is reported as busy.
    func write<T>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        var attempt = 0
        let reconnect = client.reconnect
        while true {
            do {
                return try await client.withSession { session in
                    try await session.transaction {
                        let result = try await body(session)
                        try await session.notifyChange(on: location.changeChannel)
                        return result
                    }
                }
            } catch let error as PostgresStoreError where error.isTransactionConflict
                && attempt < reconnect.delays.count {
                await reconnect.wait(reconnect.delays[attempt])
                attempt += 1
            }
        }
    }

    /// Runs `body` in one read-only transaction (one snapshot).
    func read<T>(_ body: (PostgresSession) async throws -> T) async throws -> T {
        try await client.withSession { session in try await session.readTransaction { try await body(session) } }
    }

    /// Runs `body` for the synchronous API, blocking this thread until it is done
    /// (``BlockingBridge``).
    func blocking<T>(_ body: () async throws -> T) throws -> T {
        try BlockingBridge.run(body)
    }

    /// ``withSession(_:)`` for the synchronous API (``blocking(_:)``).
    func blockingSession<T>(_ body: (PostgresSession) async throws -> T) throws -> T {
        try blocking { try await withSession(body) }
    }

    /// ``read(_:)`` for the synchronous API (``blocking(_:)``).
    func blockingRead<T>(_ body: (PostgresSession) async throws -> T) throws -> T {
        try blocking { try await read(body) }
    }

    /// ``write(_:)`` for the synchronous API (``blocking(_:)``).
    func blockingWrite<T>(_ body: (PostgresSession) async throws -> T) throws -> T {
        try blocking { try await write(body) }
    }
}
