import GRDB

/// What kind of database failure an error is, for callers that must not depend on the database
/// library: a command maps these to its exit statuses.
public enum StoreFailure: Error, Hashable, Sendable {
    /// A lock stayed held beyond the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`); the message
    /// is SQLite's.
    case busy(message: String)
    /// The file is not a usable database (`SQLITE_NOTADB`, `SQLITE_CORRUPT`).
    case notADatabase(message: String)
    /// The database server cannot be reached (a PostgreSQL store after its reconnect attempts);
    /// the message names the database.
    case unreachable(message: String)
    /// Any other database error, described in full.
    case other(description: String)

    /// The failure `error` is, or nil when it is not a database error.
    public init?(_ error: any Error) {
        if let error = error as? any StoreFailureConvertible {
            self = error.storeFailure
            return
        }
        guard let error = error as? DatabaseError else { return nil }
        let message = error.message ?? "\(error)"
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: self = .busy(message: message)
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: self = .notADatabase(message: message)
        default: self = .other(description: "\(error)")
        }
    }
}

/// An error of another store implementation (PostgreSQL's) that knows which ``StoreFailure`` it is.
public protocol StoreFailureConvertible: Error {
    var storeFailure: StoreFailure { get }
}
