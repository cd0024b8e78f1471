import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// One sync daemon per database: an exclusive `flock` on `DATABASE.sync-lock`, held while the
/// daemon runs and dropped by the kernel when the process ends (even by `kill -9`).
///
/// Two daemons would both take the jobs left `running` for their own; the second one is
/// refused instead, with the exit status of a busy database.
struct SyncLock: Sendable {
    struct Busy: Error, CustomStringConvertible {
        var path: String
        var description: String { "another photofeed sync holds \(path); one daemon per database" }
    }

    private let descriptor: Int32

    init(databasePath: String) throws {
        let path = databasePath + ".sync-lock"
        descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            close(descriptor)
            throw Busy(path: path)
        }
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
