/// A reader's position in a store's change log, moved forward a page at a time: what the change
/// stream replays for a client that resumes, and what `photofeed changes` prints.
///
/// ```swift
/// var cursor = ChangeLogCursor(position: lastEventID)
/// while case .changes(let changes) = try await cursor.next(from: store), !changes.isEmpty {
///     for change in changes { … }   // the latest change of each photo in the page, in order
/// }
/// ```
public struct ChangeLogCursor: Sendable {
    /// What a step found.
    public enum Step: Hashable, Sendable {
        /// The next page's latest change of each photo, in sequence order; empty when the cursor
        /// has reached the log's head (or `through`).
        case changes([CellChange])
        /// The position was older than the log's horizon (or past its head): the cursor now
        /// stands at the head, and the reader has missed changes it cannot have.
        case lost(horizon: Int64, head: Int64)
    }

    /// The last sequence number read.
    public private(set) var position: Int64

    public init(position: Int64) {
        self.position = position
    }

    /// Reads the next page after ``position``, at most `pageSize` changes and none after
    /// `through` (when given), and moves past it.
    public mutating func next(from log: any ChangeLogReading, through: Int64? = nil,
                              pageSize: Int = 500) async throws -> Step {
        if let through, position >= through { return .changes([]) }
        let page = try await log.changes(after: position, limit: pageSize)
        if page.isLost(position) {
            position = through.map { min($0, page.head) } ?? page.head
            return .lost(horizon: page.horizon, head: page.head)
        }
        let changes = page.changes.filter { $0.sequence <= (through ?? .max) }
        if let last = changes.last { position = last.sequence }
        return .changes(changes.latestPerPhoto())
    }
}
