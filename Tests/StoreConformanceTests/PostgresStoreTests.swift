import FeedModel
import FeedStorePostgres
import Foundation
import Synchronization
import LayoutTestSupport
import Testing

/// What only the PostgreSQL store has: URLs, concurrent first use, checksums in the database,
/// and a server out of reach.
@Suite("PostgreSQL store", .blockingWork, .timeLimit(minutes: 10))
struct PostgresStoreTests {
    @Test
    func aURLNamesHostPortUserDatabaseAndSchema() throws {
        let location = try PostgresLocation(url: "postgres://feed:secret@db.example:6543/photos?search_path=s1")
        #expect(location == PostgresLocation(host: "db.example", port: 6543, username: "feed", password: "secret",
                                             database: "photos", searchPath: "s1"))
        #expect(location.description == "postgres://feed@db.example:6543/photos?search_path=s1")
        #expect(try PostgresLocation(url: "postgresql://me@localhost/feed").port == 5432)
        #expect(PostgresLocation.isURL("feed.sqlite") == false)
        #expect(throws: PostgresLocationError.self) { try PostgresLocation(url: "postgres://localhost/feed") }
        #expect(throws: PostgresLocationError.self) { try PostgresLocation(url: "postgres://me@localhost/") }
        #expect(throws: PostgresLocationError.self) { try PostgresLocation(url: "postgres://me@h/feed?sslmode=x") }
    }

    @Test
    func concurrentFirstUseMigratesOnce() async throws {
        // Given one new schema, opened by four stores at once
        let location = try TestCluster.freshSchema()
        let reports = try await withThrowingTaskGroup(of: [String].self) { group in
            for _ in 0 ..< 4 {
                group.addTask {
                    let store = try PostgresFeedStore(location: location,
                                                      migrationsDirectory: StoreFactory.postgresMigrations,
                                                      reconnect: .none, migrationTarget: .none)
                    return try store.migrate().applied
                }
            }
            return try await group.reduce(into: [[String]]()) { $0.append($1) }
        }

        // Then exactly one applied every migration, and the others found them applied
        let names = try MigrationFile.load(from: StoreFactory.postgresMigrations).map(\.name)
        #expect(reports.filter { !$0.isEmpty } == [names])
        #expect(reports.filter(\.isEmpty).count == 3)
    }

    @Test
    func anEditedMigrationIsRefused() throws {
        // Given a schema migrated from a copy of the folder, whose first file is then edited
        let location = try TestCluster.freshSchema()
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("photofeed-pg-migrations-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: StoreFactory.postgresMigrations, to: folder)
        _ = try PostgresFeedStore(location: location, migrationsDirectory: folder, reconnect: .none)
        let first = try #require(try MigrationFile.load(from: folder).first)
        try Data((first.sql + "\n-- edited\n").utf8).write(to: folder.appendingPathComponent(first.name + ".sql"))

        // Then opening it again fails, naming the migration
        let error = #expect(throws: MigrationError.self) {
            _ = try PostgresFeedStore(location: location, migrationsDirectory: folder, reconnect: .none)
        }
        guard case .checksumMismatch(let name, _, _)? = error else {
            Issue.record("expected a checksum mismatch, got \(String(describing: error))")
            return
        }
        #expect(name == first.name)
    }

    @Test
    func aServerOutOfReachFailsAfterTheReconnectAttempts() throws {
        // Given a port nothing listens on, and a policy that counts its waits instead of sleeping
        let waits = Mutex<[Duration]>([])
        let policy = ReconnectPolicy(delays: [.milliseconds(10), .milliseconds(20), .milliseconds(40)]) { delay in
            waits.withLock { $0.append(delay) }
        }
        let location = PostgresLocation(host: "127.0.0.1", port: 1, username: "photofeed", database: "photofeed")

        // When a store is opened there
        var failure: (any Error)?
        do {
            _ = try PostgresFeedStore(location: location, migrationsDirectory: StoreFactory.postgresMigrations,
                                      reconnect: policy)
        } catch {
            failure = error
        }

        // Then it tried once per delay, and fails as unreachable, naming the database
        #expect(waits.withLock { $0 } == [.milliseconds(10), .milliseconds(20), .milliseconds(40)])
        let error = try #require(failure as? PostgresStoreError)
        guard case .unreachable(let database, _) = error else {
            Issue.record("expected unreachable, got \(error)")
            return
        }
        #expect(database == "postgres://photofeed@127.0.0.1:1/photofeed")
        guard case .unreachable(let message)? = StoreFailure(error) else {
            Issue.record("expected StoreFailure.unreachable")
            return
        }
        #expect(message.contains("cannot reach the PostgreSQL database postgres://photofeed@127.0.0.1:1/photofeed"))
    }
}

/// A connection the server closes (as a restart does) is replaced on the next call.
@Suite("PostgreSQL reconnection", .blockingWork, .timeLimit(minutes: 10))
struct PostgresReconnectionTests {
    @Test
    func aConnectionTheServerClosesIsReplaced() throws {
        // Given a store whose idle connection the server then terminates
        let reconnects = try CountedReconnects()
        let before = try reconnects.store.counts()
        let terminated = try reconnects.endSessions()

        // When the store is used again
        let after = try reconnects.store.counts()

        // Then it answered on a new connection, after at most one wait
        #expect(terminated >= 1)
        #expect(after == before)
        #expect(reconnects.waits <= 1)
    }
}

/// The URL's connection settings reach the server: `sslmode`, `application_name`.
@Suite("PostgreSQL connection settings", .blockingWork, .timeLimit(minutes: 10))
struct PostgresConnectionSettingsTests {
    @Test func theApplicationNameIsTheURLsAndPreferFallsBackToPlainText() throws {
        // The throwaway cluster has no TLS: prefer (the default) connects in plain text.
        var location = try TestCluster.freshSchema()
        location.applicationName = "feed api 7"
        let store = try PostgresFeedStore(location: location, migrationsDirectory: StoreFactory.postgresMigrations)
        #expect(try store.newestUploadTime() == nil)
        #expect(try TestCluster.count(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE application_name = 'feed api 7'", in: location) >= 1)
    }

    @Test func requireRefusesAServerWithoutTLS() throws {
        var location = try TestCluster.freshSchema()
        location.tls = .require
        let error = #expect(throws: PostgresStoreError.self) {
            _ = try PostgresFeedStore(location: location, migrationsDirectory: StoreFactory.postgresMigrations,
                                      reconnect: .none)
        }
        #expect(error.map { "\($0)" }?.contains(location.database) == true)
    }
}
