extension FeedStore {
    /// Throws ``DatabaseFileReplaced`` when the store's path no longer names the database file
    /// it opened (another file was renamed over it, or it was removed), or did at an earlier
    /// check; the store then reads and writes nothing more (see ``DatabaseFileWatch``). One
    /// `stat(2)`; an in-memory store never throws.
    ///
    /// ```swift
    /// try store.checkDatabaseFile()   // the server polls this
    /// ```
    public func checkDatabaseFile() throws {
        try fileWatch?.check()
    }
}
