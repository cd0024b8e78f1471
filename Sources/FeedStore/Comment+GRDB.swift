import FeedModel
import GRDB

/// ``Comment`` as a GRDB record of the `comment` table: its columns by name, and what a save writes.
extension Comment: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "comment"

    /// The table's columns.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let photoID = Column(CodingKeys.photoID)
        public static let authorID = Column(CodingKeys.authorID)
        public static let body = Column(CodingKeys.body)
        public static let createdAt = Column(CodingKeys.createdAt)
    }

    /// The columns a save writes, the key first.
    static let savedColumns = [Columns.id, Columns.photoID, Columns.authorID, Columns.body, Columns.createdAt]
    /// Runs `upsert` (built from ``savedColumns``) with this comment's values in their order;
    /// returns the rows it changed.
    func save(with upsert: RawStatement) throws -> Int { try upsert.execute(id, photoID, authorID, body, createdAt) }
}
