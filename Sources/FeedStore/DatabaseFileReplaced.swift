import FeedModel

/// The database file a store opened is no longer the file its path names: another file was
/// renamed over the path, or the path was removed. The store has stopped reading and writing
/// (``DatabaseFileWatch``); the process should stop too, or open the path again as a new store.
///
/// As a ``StoreFailure`` it is `unreachable`: the service answers 503 with `Retry-After`, and a
/// supervisor that restarts the process gets it onto the new file.
public struct DatabaseFileReplaced: Error, Equatable, Sendable, StoreFailureConvertible, CustomStringConvertible {
    /// The path the store opened.
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public var description: String {
        "the database file \(path) was replaced or removed while open; stopped using it "
            + "(start again to use the file now at that path)"
    }

    public var storeFailure: StoreFailure { .unreachable(message: description) }
}
