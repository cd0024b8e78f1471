/// A photo's comment feed as its comment-feed job delivers it: the first page of its comments
/// whether or not the job has completed, for a client that simulates the job (a feed session).
/// `FeedStore` is the SQLite implementation.
public protocol CommentFeedReading: Sendable {
    /// The first `limit` comments of each photo (oldest first, ties by id), with their authors'
    /// user names; photos without comments are absent.
    func commentFeedFirstPage(photoIDs: [Int64], limit: Int) throws -> [Int64: [CommentLine]]
}
