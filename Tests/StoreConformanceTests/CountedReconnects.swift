import FeedStorePostgres
import Synchronization

/// A migrated store in a fresh schema whose reconnect policy (50 ms, then 100 ms) counts its
/// waits instead of sleeping: the reconnection tests end its sessions and count how often it
/// waited to connect again.
final class CountedReconnects: Sendable {
    let location: PostgresLocation
    let store: PostgresFeedStore
    private let counter: Counter

    private final class Counter: Sendable {
        let count = Mutex(0)
    }

    /// How many times the store waited before reconnecting.
    var waits: Int { counter.count.withLock { $0 } }

    init() throws {
        let counter = Counter()
        self.counter = counter
        location = try TestCluster.freshSchema()
        store = try PostgresFeedStore(location: location, migrationsDirectory: StoreFactory.postgresMigrations,
                                      reconnect: ReconnectPolicy(delays: [.milliseconds(50), .milliseconds(100)]) { _ in
                                          counter.count.withLock { $0 += 1 }
                                      })
    }

    /// Ends the store's server sessions, as a restart does; returns how many.
    func endSessions() throws -> Int {
        try TestCluster.terminateSessions(applicationName: "photofeed \(location.searchPath!)")
    }
}
