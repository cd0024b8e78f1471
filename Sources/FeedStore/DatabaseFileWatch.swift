#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locking

/// Notices that a store's path no longer names the database file the store opened, and then
/// keeps the store off both files for good.
///
/// The store's connections keep the file they opened (a descriptor follows the file, not its
/// name), so after another database is renamed over the path, or the path is removed, they would
/// go on reading and writing the old file through its `-wal` and `-shm`, which still lie at
/// `path-wal` and `path-shm`. SQLite does not checkpoint nor delete them when the last connection
/// to a moved file closes, and the next connection that opens the path (a reader the pool opens
/// later, the background checkpoint, another process) would take the old log as the new file's
/// and copy its frames into it: a malformed database. So the watch records the identities
/// (``FileIdentity``) of the database file and of its `-wal` and `-shm` while they are the ones
/// the store uses, and ``check()`` compares the path's file with the recorded one. The first
/// check that finds another file (or none) removes the `-wal` and `-shm` that are still the
/// recorded files (never one another process made for the new file), and from then on every
/// check throws ``DatabaseFileReplaced``.
///
/// Checks run first in every new connection (`prepareDatabase`, before it reads anything),
/// before every commit of the writer (a commit of a replaced file rolls back), before each of
/// the service's reads, and in the change watcher's polls; the server also polls it
/// (``FeedStore/checkDatabaseFile()``). Each is one `stat(2)`.
///
/// ```swift
/// let watch = DatabaseFileWatch(path: "feed.sqlite")
/// try watch.check()   // the first check records the file
/// // … `mv other.sqlite feed.sqlite` …
/// try watch.check()   // throws DatabaseFileReplaced, and removes feed.sqlite-wal and -shm
/// ```
final class DatabaseFileWatch: Sendable {
    /// The database file's path, as the store opened it.
    let path: String
    /// Under a `pthread_mutex_t` (``Locked``), which the thread sanitizer sees: the pool's
    /// connections, the server's tasks and the checkpoint queue all check.
    private let state = Locked(State())

    private struct State: Sendable {
        /// The database file, recorded by the first check.
        var database: FileIdentity?
        /// The `-wal` and `-shm` files by suffix, recorded by the first check that finds each
        /// while the database file is the recorded one.
        var companions: [String: FileIdentity] = [:]
        var replaced = false
    }

    /// The files SQLite keeps beside a WAL database.
    static let companionSuffixes = ["-wal", "-shm"]

    init(path: String) {
        self.path = path
    }

    /// Throws ``DatabaseFileReplaced`` when the path names another file than the recorded one, or
    /// none, or did at an earlier check; records the files on the first checks.
    func check() throws {
        let replaced = state.withLock { state -> Bool in
            if state.replaced { return true }
            let current = FileIdentity(path: path)
            if state.database == nil { state.database = current }
            guard let current, current == state.database else {
                state.replaced = true
                removeCompanions(state.companions)
                return true
            }
            for suffix in Self.companionSuffixes where state.companions[suffix] == nil {
                state.companions[suffix] = FileIdentity(path: path + suffix)
            }
            return false
        }
        if replaced { throw DatabaseFileReplaced(path: path) }
    }

    /// Removes each companion of the path that is still the recorded file.
    private func removeCompanions(_ companions: [String: FileIdentity]) {
        for (suffix, identity) in companions where FileIdentity(path: path + suffix) == identity {
            unlink(path + suffix)
        }
    }
}
