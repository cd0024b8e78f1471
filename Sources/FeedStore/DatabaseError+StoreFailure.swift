import FeedModel
import GRDB

/// SQLite's errors as the store failures commands map to exit statuses: a lock held too long is
/// `busy`, a file that is no database is `notADatabase`, anything else is described in full.
extension DatabaseError: StoreFailureConvertible {
    public var storeFailure: StoreFailure {
        let message = self.message ?? "\(self)"
        switch resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(message: message)
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .notADatabase(message: message)
        default: return .other(description: "\(self)")
        }
    }
}
