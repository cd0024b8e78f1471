import Foundation
import GRDB

/// Opens a file database as a `DatabasePool`, which switches the file to WAL as it opens. While
/// another connection creates the same new file, that switch can find the file locked in a way
/// SQLite reports at once as busy, without calling the busy handler (two connections each
/// holding a lock the other needs); the open is then tried again until `busyTimeout` has passed.
enum PoolOpening {
    static func open(path: String, configuration: Configuration, busyTimeout: TimeInterval) throws -> DatabasePool {
        let deadline = Date().addingTimeInterval(busyTimeout)
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                Thread.sleep(forTimeInterval: 0.002)
            }
        }
    }
}
