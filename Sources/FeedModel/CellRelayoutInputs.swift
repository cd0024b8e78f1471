/// What relayouting a set of photos reads, all from one read transaction.
public struct CellRelayoutInputs: Codable, Sendable {
    /// The photos read that still exist, by id.
    public var items: [Int64: FeedItem]
    /// Their first comments, by photo id.
    public var comments: [Int64: [CommentLine]]
    /// Every cached row of the photos relayouted, for the cell kind.
    public var entries: [CachedLayoutEntry]

    public init(items: [Int64: FeedItem], comments: [Int64: [CommentLine]], entries: [CachedLayoutEntry]) {
        self.items = items
        self.comments = comments
        self.entries = entries
    }
}
