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
    /// The database, or the role that opens it, does not exist on its server; the message names
    /// it and says how to create it.
    case missing(message: String)
    /// Any other database error, described in full.
    case other(description: String)

    /// The failure `error` is, or nil when it is not a database error: each store's errors say
    /// which failure they are (``StoreFailureConvertible``; SQLite's `DatabaseError` in FeedStore).
    public init?(_ error: any Error) {
        guard let error = error as? any StoreFailureConvertible else { return nil }
        self = error.storeFailure
    }
}

/// An error of a store implementation (GRDB's `DatabaseError`, PostgreSQL's) that knows which
/// ``StoreFailure`` it is.
public protocol StoreFailureConvertible: Error {
    var storeFailure: StoreFailure { get }
}
