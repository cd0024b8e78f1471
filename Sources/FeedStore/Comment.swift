import GRDB

/// A comment on a photo. `createdAt` is in milliseconds since 1970.
public struct Comment: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "comment"

    public var id: Int64
    public var photoID: Int64
    public var authorID: Int64
    public var body: String
    public var createdAt: Int64

    public init(id: Int64, photoID: Int64, authorID: Int64, body: String, createdAt: Int64) {
        self.id = id
        self.photoID = photoID
        self.authorID = authorID
        self.body = body
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, photoID = "photo_id", authorID = "author_id", body, createdAt = "created_at"
    }

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
