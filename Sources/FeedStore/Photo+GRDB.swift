import FeedModel
import GRDB

/// ``Photo`` as a GRDB record of the `photo` table: its columns by name, and what a save writes.
extension Photo: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "photo"

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
        /// Every column, in the table's order (the record's coding keys, ``ColumnListing``).
        public static let all = Photo.columnNames.map { Column($0) }
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
