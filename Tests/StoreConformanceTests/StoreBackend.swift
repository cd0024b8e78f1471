import FeedModel
@_spi(SQLiteAccess) import FeedStore
import FeedStore
import FeedStorePostgres
import Foundation
import GRDB
import Synchronization
import Testing

/// The store implementations the shared suite runs on.
enum StoreBackend: String, CaseIterable, Sendable, CustomStringConvertible {
    case sqlite, postgres
    var description: String { rawValue }
}

/// A store under test, seen through the seam's protocols only.
struct StoreUnderTest: Sendable {
    var backend: StoreBackend
    var reading: any FeedReading
    var cache: any LayoutCacheStoring
    var serving: any FeedServing
    var seeding: any FeedSeeding
    var jobs: any SyncJobStoring & SyncJobLeasing
    var changeLog: any ChangeLogReading
    var migrate: @Sendable () throws -> MigrationReport
    var appliedMigrations: @Sendable () throws -> [String]
    /// How many photo links (`layout_cache`) and shared layouts (`cell_layout`) are stored.
    var layoutCounts: @Sendable () throws -> LayoutCounts
    /// Runs one SQL statement that both dialects read alike (tests that set what no seam writes).
    var execute: @Sendable (String) throws -> Void
}

/// The rows of the layout cache's two tables.
struct LayoutCounts: Equatable, CustomStringConvertible {
    var links: Int
    var layouts: Int
    var description: String { "\(links) links, \(layouts) layouts" }
}

/// A clock the tests move by hand.
final class TestStoreClock: Sendable {
    private let current = Mutex<Date>(Date(timeIntervalSince1970: 1_750_000_000))

    var clock: StoreClock { StoreClock { [self] in current.withLock { $0 } } }
    var milliseconds: Int64 { Int64((current.withLock { $0 }.timeIntervalSince1970 * 1000).rounded()) }

    func advance(milliseconds: Int64) {
        current.withLock { $0 += Double(milliseconds) / 1000 }
    }
}

/// Paths and store factories of the shared suite.
enum StoreFactory {
    static let projectRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let seedDataDirectory = projectRoot.appendingPathComponent("seed-data")
    static let sqliteMigrations = projectRoot.appendingPathComponent("Migrations")
    static let postgresMigrations = projectRoot.appendingPathComponent("Migrations/postgresql")

    /// A new, empty, migrated store of `backend` (a PostgreSQL one in a schema of its own).
    static func make(_ backend: StoreBackend, clock: TestStoreClock = TestStoreClock()) throws -> StoreUnderTest {
        switch backend {
        case .sqlite:
            let store = try FeedStore(path: ":memory:", migrationsDirectory: sqliteMigrations, clock: clock.clock)
            return StoreUnderTest(backend: backend, reading: store, cache: store, serving: store, seeding: store, jobs: store,
                                  changeLog: store,
                                  migrate: { try store.migrate() },
                                  appliedMigrations: { try store.appliedMigrations() },
                                  layoutCounts: {
                                      try store.writer.read { db in
                                          LayoutCounts(links: try count(db, "layout_cache"),
                                                       layouts: try count(db, "cell_layout"))
                                      }
                                  },
                                  execute: { sql in try store.writer.write { db in try db.execute(sql: sql) } })
        case .postgres:
            let store = try postgres(clock: clock)
            return StoreUnderTest(backend: backend, reading: store, cache: store, serving: store, seeding: store, jobs: store,
                                  changeLog: store,
                                  migrate: { try store.migrate() },
                                  appliedMigrations: { try store.appliedMigrations() },
                                  layoutCounts: {
                                      LayoutCounts(
                                          links: try TestCluster.count("SELECT COUNT(*) FROM layout_cache",
                                                                       in: store.location),
                                          layouts: try TestCluster.count("SELECT COUNT(*) FROM cell_layout",
                                                                         in: store.location))
                                  },
                                  execute: { sql in try TestCluster.execute([sql], in: store.location) })
        }
    }

    /// The rows of `table` in a SQLite database.
    private static func count(_ db: Database, _ table: String) throws -> Int {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table)") ?? -1
    }

    /// A new PostgreSQL store in a fresh schema of the test cluster's database.
    static func postgres(clock: TestStoreClock = TestStoreClock(),
                         migrationTarget: FeedStore.MigrationTarget = .latest) throws -> PostgresFeedStore {
        try PostgresFeedStore(location: try TestCluster.freshSchema(), migrationsDirectory: postgresMigrations,
                              clock: clock.clock, reconnect: .none, migrationTarget: migrationTarget)
    }
}
