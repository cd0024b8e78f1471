import FeedModel
import GRDB

/// ``User`` as a GRDB record of the `user` table: its columns by name, and what a save writes.
extension User: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "user"

    /// The table's columns.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let username = Column(CodingKeys.username)
        public static let fullName = Column(CodingKeys.fullName)
        public static let avatarURL = Column(CodingKeys.avatarURL)
        public static let avatarState = Column(CodingKeys.avatarState)
        /// Every column, in the table's order (the record's coding keys, ``ColumnListing``).
        public static let all = User.columnNames.map { Column($0) }
    }

    /// The columns a save writes, the key first; the avatar state is the store's to change.
    static let savedColumns = [Columns.id, Columns.username, Columns.fullName, Columns.avatarURL]
    /// Runs `upsert` (built from ``savedColumns``) with this user's values in their order;
    /// returns the rows it changed.
    func save(with upsert: RawStatement) throws -> Int { try upsert.execute(id, username, fullName, avatarURL) }

    /// Reads the row's columns by name; a state this build does not know reads as `pending`.
    public init(row: Row) throws {
        self.init(id: row[Columns.id], username: row[Columns.username], fullName: row[Columns.fullName],
                  avatarURL: row[Columns.avatarURL], avatarState: AssetState(row[Columns.avatarState]))
    }
}

extension AssetState: DatabaseValueConvertible {}
