import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One sync daemon per database file: an exclusive `flock` on the database file itself, held
/// while the daemon runs and dropped by the kernel when the process ends (even by `kill -9`).
///
/// The lock belongs to the file, not to the path typed: a symlink or a hard link to the same
/// database opens the same inode, and `flock` locks are per inode, so a second daemon started
/// through any name is refused, with the exit status of a busy database. Two daemons would both
/// take the jobs left `running` for their own and leave each other's layout-cache rows stale.
/// SQLite locks with `fcntl` byte-range locks, which `flock` does not interact with on Linux.
///
/// Closing any descriptor of the database file drops this process's `fcntl` locks on it
/// (POSIX semantics), SQLite's included: ``release()`` closes the lock's descriptor, so call it
/// once the store's work is done, with no transaction in flight.
///
/// ```swift
/// let lock = try store.lockForSync()   // throws SyncLock.Busy while another daemon runs
/// defer { lock.release() }
/// ```
public struct SyncLock: Sendable {
    /// Another process (or another lock of this one) holds the database file's lock.
    public struct Busy: Error, Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var description: String {
            "another photofeed sync holds \(path) (the same database file, under this or another name); "
                + "one daemon per database"
        }
    }

    /// The database file's descriptor, or -1 for a database without a file.
    private let descriptor: Int32

    /// Locks the database file at `databasePath`, which must exist.
    init(databasePath: String) throws {
        descriptor = open(databasePath, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: databasePath])
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw Busy(path: databasePath)
        }
    }

    /// A lock that locks nothing, for an in-memory database: no other process can open it.
    private init() {
        descriptor = -1
    }

    static let inMemory = SyncLock()

    public func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

extension FeedStore {
    /// Takes the sync daemon's lock on this store's database file (see ``SyncLock``).
    public func lockForSync() throws -> SyncLock {
        let path = writer.path
        return path == ":memory:" || path.isEmpty ? .inMemory : try SyncLock(databasePath: path)
    }
}
