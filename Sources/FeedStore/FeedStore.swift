import CSQLiteSetup
import FeedModel
import Foundation
import GRDB

/// The photo feed's SQLite database: migrations, records, named transactional writes, the feed
/// query and the persistent layout cache.
///
/// A file database is a `DatabasePool` (WAL: readers never block the writer); `:memory:` is a
/// `DatabaseQueue`. Foreign keys are on, and a connection waits up to `busyTimeout` for a lock
/// before failing with `SQLITE_BUSY`. `init` refuses another application's SQLite file before
/// writing anything to it (``DatabaseIdentity``), checks the applied migrations' checksums and
/// migrates to `migrationTarget` (everything, by default).
///
/// ```swift
/// let store = try FeedStore(path: "photofeed.sqlite")
/// let page = try store.feedPage(limit: 20)
/// ```
public struct FeedStore: Sendable {
    /// The connection (pool or queue). Outside this module only tests and benchmarks reach it,
    /// through `@_spi(SQLiteAccess) import FeedStore`, to inspect or set up a database.
    @_spi(SQLiteAccess) public let writer: any DatabaseWriter
    public let migrations: [MigrationFile]
    public let clock: StoreClock
    /// Checkpoints a file database's log in the background (see ``WALCheckpointer``); nil for
    /// `:memory:` and a wrapped connection.
    let walCheckpointer: WALCheckpointer?
    /// Notices that the path no longer names the file the store opened (see
    /// ``DatabaseFileWatch``); nil for `:memory:` and a wrapped connection.
    let fileWatch: DatabaseFileWatch?
    /// Layout cache hits and misses not written yet (shared by this value's copies).
    let layoutCacheCounts = LayoutCacheCounts()
    /// The cities in memory for the sync daemon's reverse geocoding (shared by this value's copies).
    let cityGrids = CityGridCache()

    /// Which migrations `init` applies (``FeedModel/MigrationTarget``, named here as before).
    public typealias MigrationTarget = FeedModel.MigrationTarget

    /// Opens (creating if needed) the database at `path`; `":memory:"` opens a private
    /// in-memory database.
    public init(path: String,
                migrationsDirectory: URL = ResourceLocator.migrationsDirectory,
                clock: StoreClock = .system,
                busyTimeout: TimeInterval = 5,
                migrationTarget: MigrationTarget = .latest) throws {
        let watch = path == ":memory:" ? nil : DatabaseFileWatch(path: path)
        let checkpointer = watch.map { WALCheckpointer(path: path, watch: $0) }
        let configuration = Self.configuration(busyTimeout: busyTimeout, checkpointer: checkpointer, watch: watch)
        if path != ":memory:" { try DatabaseIdentity.inspect(path: path, busyTimeout: busyTimeout) }
        let writer: any DatabaseWriter = path == ":memory:"
            ? try DatabaseQueue(configuration: configuration)
            : try PoolOpening.open(path: path, configuration: configuration, busyTimeout: busyTimeout)
        try self.init(writer: writer, migrations: MigrationFile.load(from: migrationsDirectory), clock: clock,
                      migrationTarget: migrationTarget, walCheckpointer: checkpointer, fileWatch: watch)
    }

    /// Closes the connections (every copy of this value shares them) and waits for the
    /// background checkpoint under way: the database files are left alone afterwards, ready to
    /// be copied, the log removed when no other connection has the file open.
    public func close() throws {
        try writer.close()
        walCheckpointer?.finish()
    }

    /// Wraps an existing connection (tests use this to share migrations already loaded).
    @_spi(SQLiteAccess)
    public init(writer: any DatabaseWriter, migrations: [MigrationFile], clock: StoreClock = .system,
                migrationTarget: MigrationTarget = .latest) throws {
        try self.init(writer: writer, migrations: migrations, clock: clock, migrationTarget: migrationTarget,
                      walCheckpointer: nil, fileWatch: nil)
    }

    private init(writer: any DatabaseWriter, migrations: [MigrationFile], clock: StoreClock,
                 migrationTarget: MigrationTarget, walCheckpointer: WALCheckpointer?,
                 fileWatch: DatabaseFileWatch?) throws {
        self.writer = writer
        self.walCheckpointer = walCheckpointer
        self.fileWatch = fileWatch
        self.migrations = migrations
        self.clock = clock
        // A database that carries our id already is only read, so that a reader never waits for
        // the daemon's write lock.
        if try writer.read(DatabaseIdentity.kind) != .ours {
            try writer.write { db in try DatabaseIdentity.claim(db, path: writer.path) }
        }
        try verifyChecksums()
        switch migrationTarget {
        case .latest: try migrate()
        case .upTo(let name): try migrate(upTo: name)
        case .none: break
        }
    }

    /// Each connection's page cache, in KiB.
    static let pageCacheKibibytes = 32_768

    /// SQLite's process-wide options, set once before the first connection opens: the
    /// multi-thread mode and no memory statistics (see `photofeed_sqlite_configure`). The value
    /// is SQLite's result code: `SQLITE_MISUSE` when the process used SQLite before, which then
    /// keeps its defaults (slower, equally correct).
    static let sqliteSetup = photofeed_sqlite_configure()

    /// The connections' configuration; the writer of a file database gets `checkpointer` in place
    /// of SQLite's automatic checkpoint (see ``WALCheckpointer``). With `watch`, a connection
    /// checks the file before it reads anything, and the writer before each commit (see
    /// ``DatabaseFileWatch``).
    static func configuration(busyTimeout: TimeInterval, checkpointer: WALCheckpointer? = nil,
                              watch: DatabaseFileWatch? = nil) -> Configuration {
        _ = sqliteSetup
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.busyMode = .timeout(busyTimeout)
        configuration.prepareDatabase { db in
            // A connection to a path whose file was replaced would read the new file with the old
            // file's log: it fails before its first read.
            if let watch {
                try watch.check()
                if !db.configuration.readonly {
                    db.add(transactionObserver: FileReplacementCommitCheck(watch: watch), extent: .databaseLifetime)
                }
            }
            // WAL (set by DatabasePool) with NORMAL sync is durable across application crashes;
            // a power loss may lose the last commits but never corrupts the file.
            try db.execute(sql: "PRAGMA synchronous = NORMAL")
            // Reads through read(2), never a memory map: a mapped page of a file truncated
            // meanwhile would kill the process with SIGBUS, where a read comes back short and
            // SQLite reports the file corrupt. A larger page cache than SQLite's 2 MB: the daemon
            // and the feed touch layout rows all over a database of hundreds of megabytes.
            try db.execute(sql: "PRAGMA mmap_size = 0")
            try db.execute(sql: "PRAGMA cache_size = -\(Self.pageCacheKibibytes)")
            if let checkpointer, !db.configuration.readonly { checkpointer.install(on: db) }
        }
        return configuration
    }
}
