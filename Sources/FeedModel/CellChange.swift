/// One row of a store's change log: a change of what a photo's cell shows, committed with the
/// change itself (Migrations/0014, postgresql/0008).
///
/// Every bump of a photo's content version appends one. ``sequence`` is the database's change
/// sequence: it grows by one with each row, in commit order, on SQLite and on PostgreSQL, so a
/// reader that has seen the rows through `n` has seen every change committed before them.
public struct CellChange: Codable, Hashable, Sendable {
    public var sequence: Int64
    public var photoID: Int64
    /// The photo's content version after the change.
    public var contentVersion: Int64
    /// When the change was written, in milliseconds since 1970 (the database's clock).
    public var changedAt: Int64

    public init(sequence: Int64, photoID: Int64, contentVersion: Int64, changedAt: Int64) {
        self.sequence = sequence
        self.photoID = photoID
        self.contentVersion = contentVersion
        self.changedAt = changedAt
    }
}

extension Array where Element == CellChange {
    /// The last change of each photo, in sequence order: what a reader that shows each cell's
    /// latest state needs of these changes (a photo changed at 3 and 7 is shown once, at 7).
    public func latestPerPhoto() -> [CellChange] {
        var last: [Int64: Int] = [:]
        for (index, change) in enumerated() { last[change.photoID] = index }
        return enumerated().filter { last[$0.element.photoID] == $0.offset }.map(\.element)
    }
}

/// What a read of the change log found: the changes after the asked position (at most the asked
/// number), and the log's bounds when it was read.
public struct ChangeLogPage: Hashable, Sendable {
    public var changes: [CellChange]
    /// The last sequence number that was pruned (0 when none was): a reader whose position is
    /// below it has missed changes the log no longer holds.
    public var horizon: Int64
    /// The last sequence number committed (0 before the first change).
    public var head: Int64

    public init(changes: [CellChange], horizon: Int64, head: Int64) {
        self.changes = changes
        self.horizon = horizon
        self.head = head
    }

    /// Whether a reader at `position` has missed changes the log no longer holds, or stands
    /// past its head (a position from another database).
    public func isLost(_ position: Int64) -> Bool {
        position < horizon || position > head
    }
}
