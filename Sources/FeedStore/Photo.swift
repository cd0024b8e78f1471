import GRDB

/// A photo in the feed. Times are integer milliseconds since 1970 (UTC).
///
/// `contentVersion` goes up whenever anything a cell shows changes; cached layouts computed for
/// an older version are stale and never served. `commentsLoaded` turns true when the photo's
/// comment-feed job completes: until then its cell shows no comments.
public struct Photo: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "photo"

    public var id: Int64
    public var ownerID: Int64
    public var locationID: Int64?
    public var url: String
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var title: String
    public var description: String
    public var likes: Int
    public var uploadedAt: Int64
    public var imageState: AssetState
    public var contentVersion: Int64
    public var commentsLoaded: Bool

    public init(id: Int64, ownerID: Int64, locationID: Int64? = nil, url: String, pixelWidth: Int, pixelHeight: Int,
                title: String = "", description: String = "", likes: Int = 0, uploadedAt: Int64,
                imageState: AssetState = .pending, contentVersion: Int64 = 1, commentsLoaded: Bool = false) {
        self.id = id
        self.ownerID = ownerID
        self.locationID = locationID
        self.url = url
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.title = title
        self.description = description
        self.likes = likes
        self.uploadedAt = uploadedAt
        self.imageState = imageState
        self.contentVersion = contentVersion
        self.commentsLoaded = commentsLoaded
    }

    enum CodingKeys: String, CodingKey {
        case id, ownerID = "owner_id", locationID = "location_id", url, pixelWidth = "pixel_width"
        case pixelHeight = "pixel_height", title, description, likes, uploadedAt = "uploaded_at"
        case imageState = "image_state", contentVersion = "content_version", commentsLoaded = "comments_loaded"
    }

    /// The table's columns.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let ownerID = Column(CodingKeys.ownerID)
        public static let locationID = Column(CodingKeys.locationID)
        public static let url = Column(CodingKeys.url)
        public static let pixelWidth = Column(CodingKeys.pixelWidth)
        public static let pixelHeight = Column(CodingKeys.pixelHeight)
        public static let title = Column(CodingKeys.title)
        public static let description = Column(CodingKeys.description)
        public static let likes = Column(CodingKeys.likes)
        public static let uploadedAt = Column(CodingKeys.uploadedAt)
        public static let imageState = Column(CodingKeys.imageState)
        public static let contentVersion = Column(CodingKeys.contentVersion)
        public static let commentsLoaded = Column(CodingKeys.commentsLoaded)
        public static let all = [id, ownerID, locationID, url, pixelWidth, pixelHeight, title, description, likes,
                          uploadedAt, imageState, contentVersion, commentsLoaded]
    }

    /// The columns a save writes, the key first; the asset state, content version and comments'
    /// state are the store's to change (``StoreSQL/upsertPhoto``, the sync daemon).
    static let savedColumns = [Columns.id, Columns.ownerID, Columns.locationID, Columns.url, Columns.pixelWidth,
                               Columns.pixelHeight, Columns.title, Columns.description, Columns.likes,
                               Columns.uploadedAt]
    /// Runs `upsert` (built from ``savedColumns``) with this photo's values in their order;
    /// returns the rows it changed.
    func save(with upsert: RawStatement) throws -> Int {
        try upsert.execute(id, ownerID, locationID, url, pixelWidth, pixelHeight, title, description, likes, uploadedAt)
    }

    /// Reads the row's columns by name; a state this build does not know reads as `pending`.
    public init(row: Row) throws {
        self.init(id: row[Columns.id], ownerID: row[Columns.ownerID], locationID: row[Columns.locationID],
                  url: row[Columns.url], pixelWidth: row[Columns.pixelWidth], pixelHeight: row[Columns.pixelHeight],
                  title: row[Columns.title], description: row[Columns.description], likes: row[Columns.likes],
                  uploadedAt: row[Columns.uploadedAt], imageState: AssetState(row[Columns.imageState]),
                  contentVersion: row[Columns.contentVersion], commentsLoaded: row[Columns.commentsLoaded])
    }
}
