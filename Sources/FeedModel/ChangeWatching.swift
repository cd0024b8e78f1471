/// Tells whether anything was committed to a store's database since an earlier look: by any
/// connection, in this process or another (a sync worker beside a server, or on another machine).
///
/// A caller keeps what it built from the database together with the ``version()`` it read before
/// building, and trusts it while ``version()`` still returns that number. An implementation may
/// answer from memory for a short while after a commit, and documents how long (the SQLite
/// watcher: its read interval, 2 ms; the PostgreSQL one: a notification's delivery). A version
/// never repeats after a change, and an implementation that cannot tell (its connection to the
/// database is gone) returns a new number on every call, so nothing is trusted meanwhile.
///
/// ```swift
/// let watcher = try store.changeWatcher()
/// let before = try watcher?.version()
/// // … another process commits; the watcher learns of it …
/// try watcher?.version() != before  // true
/// ```
public protocol ChangeWatching: Sendable {
    /// A number that differs from an earlier call's when a commit happened after the earlier
    /// call, once the implementation's bound has passed since that commit.
    func version() throws -> Int64
}

/// A store that can watch its database for commits (``ChangeWatching``).
public protocol ChangeWatchingStore: Sendable {
    /// A watcher of this store's database, or nil where no other connection can commit (an
    /// in-memory SQLite store).
    func changeWatcher() throws -> (any ChangeWatching)?
}
