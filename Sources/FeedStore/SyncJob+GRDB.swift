import FeedModel
import GRDB

/// ``SyncJob`` as a GRDB record of the `sync_job` table: its columns by name.
extension SyncJob: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "sync_job"

    /// The table's columns, for queries.
    public enum Columns {
        public static let id = Column(CodingKeys.id)
        public static let kind = Column(CodingKeys.kind)
        public static let targetID = Column(CodingKeys.targetID)
        public static let state = Column(CodingKeys.state)
        public static let attempts = Column(CodingKeys.attempts)
        public static let nextRunAt = Column(CodingKeys.nextRunAt)
        public static let result = Column(CodingKeys.result)
    }
}

extension SyncJob.Kind: DatabaseValueConvertible {}

extension SyncJob.State: DatabaseValueConvertible {}
