/// What the feed reads: pages in feed order, photos by id with their first comments, and what a
/// relayout of a set of photos needs, each in one read transaction. `FeedStore` is the SQLite
/// implementation.
public protocol FeedReading: Sendable {
    /// One page, newest first by (upload time, id), after `cursor` (from the top when nil).
    func feedPage(after cursor: FeedCursor?, limit: Int) throws -> FeedPage
    /// The feed items of `photoIDs`, by photo id; unknown ids are absent.
    func feedItems(photoIDs: [Int64]) throws -> [Int64: FeedItem]
    /// The first `limit` comments of each photo (oldest first, ties by id); photos without
    /// comments are absent.
    func firstComments(photoIDs: [Int64], limit: Int) throws -> [Int64: [CommentLine]]
    /// The cached layout rows of `photoIDs`, and the items and first comments of those in
    /// `contentOf`, in one read transaction.
    func relayoutInputs(photoIDs: [Int64], contentOf contentIDs: [Int64], cellKind: String,
                        commentLimit: Int) throws -> CellRelayoutInputs
    /// The newest photo's upload time (milliseconds since 1970), nil for an empty feed.
    func newestUploadTime() throws -> Int64?
}
