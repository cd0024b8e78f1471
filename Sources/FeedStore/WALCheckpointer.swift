#if canImport(GRDBSQLite)
import GRDBSQLite
#else
import SQLite3
#endif
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import Foundation
import GRDB
import Locking

/// Checkpoints a file database's write-ahead log on a background queue, so that the store's
/// commits do not.
///
/// SQLite's automatic checkpoint runs inside the commit that takes the log past 1,000 pages: that
/// commit copies the log's pages into the database file and syncs both, and every other write of
/// the store waits behind it (the sync daemon's commits and layout writes share one writer). A
/// checkpointer installed on the writer connection (``install(on:)``) replaces the automatic
/// checkpoint: a commit that takes the log to ``threshold`` pages only asks for a checkpoint,
/// which a connection of the checkpointer's own runs on that queue in `PASSIVE` mode. That
/// checkpoint copies the frames committed so far while the writer goes on appending, and SQLite
/// starts the log over at the first write after a checkpoint that caught up. A log that reaches
/// ``backstop`` pages (checkpoints that cannot keep up, or a reader holding old frames) is
/// checkpointed by the commit itself, as SQLite's automatic checkpoint would.
///
/// A checkpoint moves no data in or out of the database: readers see the same rows before and
/// after, and an interrupted checkpoint (a killed process) is simply done again later. When the
/// store closes (``FeedStore/close()``), the checkpointer waits for a checkpoint under way and
/// then closes the database's last connection, which checkpoints the whole log and deletes it: a
/// closed database is one complete file, as without the checkpointer. A store released without
/// closing waits for the checkpoint under way too.
///
/// Every connection of its own opens the database by its path, so it first checks that the path
/// still names the store's file (``DatabaseFileWatch``): on a file replaced meanwhile it
/// checkpoints nothing, since the log beside the path belongs to the old file.
///
/// `@unchecked Sendable`: the counters and the pending flag are under a lock.
final class WALCheckpointer: @unchecked Sendable {
    /// SQLite's own automatic-checkpoint size.
    static let defaultThreshold: Int32 = 1000
    /// Ten times the threshold: about 40 MB of log at 4 KiB pages.
    static let defaultBackstop: Int32 = 10_000

    /// The database file.
    let path: String
    /// The store's watch of the file, if any.
    let watch: DatabaseFileWatch?
    /// Log pages after a commit from which a checkpoint is asked for.
    let threshold: Int32
    /// Log pages after a commit from which the commit checkpoints itself.
    let backstop: Int32
    private let state = Locked(State())

    /// The queue every checkpointer of the process runs its checkpoints on. A process that exits
    /// (`exit`, or returning from `main`) first waits for the checkpoint under way: one cut short
    /// would leave the database file half updated until the next checkpoint from the log (correct,
    /// but a copy of the database file alone would not be).
    private static let queue: DispatchQueue = {
        atexit { WALCheckpointer.queue.sync {} }
        return DispatchQueue(label: "photofeed.wal-checkpoint", qos: .utility)
    }()

    private struct State {
        var pending = false
        var finished = false
        var statistics = WALCheckpointStatistics()
    }

    init(path: String, watch: DatabaseFileWatch? = nil, threshold: Int32 = defaultThreshold,
         backstop: Int32 = defaultBackstop) {
        precondition(threshold >= 1 && backstop >= threshold, "checkpoint threshold must be ≥ 1 and ≤ the backstop")
        self.path = path
        self.watch = watch
        self.threshold = threshold
        self.backstop = backstop
    }

    /// Runs once the store's connections are closed (their configuration held the checkpointer).
    deinit {
        finish()
    }

    /// After the store's connections are closed: waits for a checkpoint under way (a checkpointer
    /// never asked has none), and then, if the log is still there, opens and closes a connection,
    /// the database's last, which checkpoints the log and removes it. The store's last connection
    /// may have left it: a checkpoint under way kept it from removing the log, or it was a
    /// read-only reader, which cannot. Nothing writes to the database files after it returns.
    func finish() {
        let (asked, finished) = state.withLock { state in
            defer { state.finished = true }
            return (state.statistics.requested > 0, state.finished)
        }
        guard !finished else { return }
        if asked { Self.queue.sync {} }
        if FileManager.default.fileExists(atPath: path + "-wal") { _ = Self.checkpoint(path, watch: watch) }
    }

    /// Installs the checkpointer on `db`, the writer connection, in place of SQLite's automatic
    /// checkpoint. Call it from the writer's `prepareDatabase`: the configuration holding that
    /// closure (and so this checkpointer) lives as long as the connection, which the hook relies
    /// on (it holds the checkpointer unretained).
    func install(on db: Database) {
        sqlite3_wal_hook(db.sqliteConnection, walHook, Unmanaged.passUnretained(self).toOpaque())
    }

    /// Checkpoints asked for, run, and run by a commit itself.
    var statistics: WALCheckpointStatistics { state.withLock { $0.statistics } }

    /// Waits until the checkpoints asked for so far have run (tests).
    func waitUntilIdle() {
        Self.queue.sync {}
    }

    /// After a commit on the writer that left `pages` pages in the log of `db`'s `name` database.
    fileprivate func committed(pages: Int32, db: OpaquePointer?, name: UnsafePointer<CChar>?) -> Int32 {
        if pages >= backstop {
            state.withLock { $0.statistics.inline += 1 }
            let code = sqlite3_wal_checkpoint_v2(db, name, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
            // A busy checkpointer (ours, another process's) is no error of the commit.
            return code == SQLITE_BUSY ? SQLITE_OK : code
        }
        guard pages >= threshold else { return SQLITE_OK }
        let ask = state.withLock { state in
            state.statistics.requested += 1
            defer { state.pending = true }
            return !state.pending
        }
        guard ask else { return SQLITE_OK }
        // The block holds what it uses, not the checkpointer, so that the checkpointer's `deinit`
        // (which waits for the blocks) runs as soon as the store lets it go.
        let path = path, state = state, watch = watch
        Self.queue.async {
            state.withLock { $0.pending = false }
            guard let (log, copied) = Self.checkpoint(path, watch: watch) else { return }
            state.withLock { state in
                state.statistics.run += 1
                state.statistics.lastLogFrames = log
                state.statistics.lastCopiedFrames = copied
            }
        }
        return SQLITE_OK
    }

    /// Runs a `PASSIVE` checkpoint of `path` on a connection opened for it and closed after (so
    /// that the store's own connections, closing, find none of ours open); returns the log's
    /// frames and how many of them are in the database file, or nil when the database cannot be
    /// opened, `watch` finds the path's file replaced, or the checkpoint failed.
    private static func checkpoint(_ path: String, watch: DatabaseFileWatch?) -> (log: Int, copied: Int)? {
        if let watch, (try? watch.check()) == nil { return nil }
        // No SQLITE_OPEN_CREATE: a database deleted meanwhile is not made again. A first read
        // opens the log: until then the connection does not know it is in WAL mode, and a
        // checkpoint does nothing.
        var connection: OpaquePointer?
        defer { sqlite3_close_v2(connection) }
        var log: Int32 = 0, copied: Int32 = 0
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
              sqlite3_exec(connection, "PRAGMA schema_version", nil, nil, nil) == SQLITE_OK,
              sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, &log, &copied) == SQLITE_OK
        else { return nil }
        return (Int(log), Int(copied))
    }
}

/// What a ``WALCheckpointer`` did.
struct WALCheckpointStatistics: Equatable, Sendable {
    /// Commits that asked for a background checkpoint (one may serve several).
    var requested = 0
    /// Background checkpoints run.
    var run = 0
    /// Checkpoints run by a commit itself, at the backstop.
    var inline = 0
    /// The log's frames, and how many of them were in the database file, after the last
    /// background checkpoint.
    var lastLogFrames = 0
    var lastCopiedFrames = 0
}

/// SQLite's WAL hook: called after each commit on the writer, with the checkpointer as context.
private func walHook(_ context: UnsafeMutableRawPointer?, _ db: OpaquePointer?, _ name: UnsafePointer<CChar>?,
                     _ pages: Int32) -> Int32 {
    guard let context else { return SQLITE_OK }
    return Unmanaged<WALCheckpointer>.fromOpaque(context).takeUnretainedValue().committed(pages: pages, db: db, name: name)
}
