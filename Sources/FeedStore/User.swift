import GRDB

/// A photographer: owns photos, writes comments. `avatarState` is advanced by the sync daemon.
public struct User: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "user"

    public var id: Int64
    public var username: String
    public var fullName: String
    public var avatarURL: String
    public var avatarState: AssetState

    public init(id: Int64, username: String, fullName: String, avatarURL: String, avatarState: AssetState = .pending) {
        self.id = id
        self.username = username
        self.fullName = fullName
        self.avatarURL = avatarURL
        self.avatarState = avatarState
    }

    enum CodingKeys: String, CodingKey {
        case id, username, fullName = "full_name", avatarURL = "avatar_url", avatarState = "avatar_state"
    }

    /// The table's columns.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let username = Column(CodingKeys.username)
        public static let fullName = Column(CodingKeys.fullName)
        public static let avatarURL = Column(CodingKeys.avatarURL)
        public static let avatarState = Column(CodingKeys.avatarState)
        public static let all = [id, username, fullName, avatarURL, avatarState]
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

/// Where a downloadable asset (a photo's image, a user's avatar) stands.
public enum AssetState: String, Codable, Hashable, Sendable, CaseIterable, DatabaseValueConvertible {
    case pending, loaded, failed
}

extension AssetState {
    /// The state stored as `text`: `pending` when missing or unknown to this build.
    init(_ text: String?) {
        self = text.flatMap(Self.init(rawValue:)) ?? .pending
    }
}
