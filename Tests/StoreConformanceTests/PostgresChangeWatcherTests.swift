import FeedModel
import FeedStore
import FeedStorePostgres
import Foundation
import LayoutTestSupport
import Testing

/// The PostgreSQL change watcher: another connection's commit reaches it as a notification and
/// changes its version; a lost connection makes every version new until it listens again.
@Suite("PostgreSQL change watcher", .blockingWork, .timeLimit(minutes: 10))
struct PostgresChangeWatcherTests {
    /// Calls `condition` until it holds, giving other tasks a turn in between, for at most 60
    /// seconds (a notification or a reconnection arrives over a socket); whether it held.
    static func eventually(_ condition: () throws -> Bool) async rethrows -> Bool {
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if try condition() { return true }
            await Task.yield()
        }
        return try condition()
    }

    @Test
    func anotherConnectionsCommitChangesTheVersion() async throws {
        // Given a store and a watcher of its schema, listening
        let store = try StoreFactory.postgres()
        let watcher = PostgresChangeWatcher(location: store.location)
        #expect(watcher.channel == store.location.changeChannel)
        #expect(await Self.eventually { watcher.isListening })
        let before = watcher.version()
        #expect(watcher.version() == before)

        // When another store's connection commits to the same schema
        let writer = try PostgresFeedStore(location: store.location, migrationsDirectory: StoreFactory.postgresMigrations,
                                           reconnect: .none)
        try writer.seedGenerated(count: 3, rngSeed: 1, seedDataDirectory: StoreFactory.seedDataDirectory, progress: nil)

        // Then the version changes once the notification arrives, and stays while nothing commits
        #expect(await Self.eventually { watcher.version() != before })
        let after = watcher.version()
        #expect(watcher.version() == after)
    }

    @Test
    func aLostConnectionTrustsNothingUntilItListensAgain() async throws {
        // Given a listening watcher, whose wait before reconnecting lasts until the test says
        // (a real 50 ms wait could pass unseen on a busy machine)
        let store = try StoreFactory.postgres()
        let clock = GatedClock()
        defer { clock.open() }
        let watcher = PostgresChangeWatcher(location: store.location, clock: clock)
        #expect(await Self.eventually { watcher.isListening })
        let schema = try #require(store.location.searchPath)

        // When the server ends its session (as a restart would)
        #expect(try TestCluster.terminateSessions(applicationName: "photofeed watcher \(schema)") == 1)

        // Then every call is a new version until it has reconnected and listens again
        #expect(await Self.eventually { !watcher.isListening })
        #expect(watcher.version() != watcher.version())
        clock.open()
        #expect(await Self.eventually { watcher.isListening })
        let version = watcher.version()
        #expect(watcher.version() == version)
    }

    @Test
    func channelsAreOnePerSchemaWithinPostgreSQLsLimit() throws {
        let base = PostgresLocation(host: "h", username: "u", database: "d")
        #expect(base.changeChannel == "photofeed_changes")
        var location = base
        location.searchPath = "test_ab12"
        #expect(location.changeChannel == "photofeed_changes_test_ab12")
        location.searchPath = "a\"b; c" + String(repeating: "x", count: 80)
        #expect(location.changeChannel.hasPrefix("photofeed_changes_abc"))
        #expect(location.changeChannel.utf8.count == 63)
    }
}
