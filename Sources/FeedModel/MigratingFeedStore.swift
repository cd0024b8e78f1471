/// A whole store behind the seam, whatever its database: the feed reads, the layout cache,
/// seeding, the sync writer, the job queue's administration, what a feed session reads, the
/// change log, and its own migrations. `FeedStore` (SQLite) is one; the PostgreSQL store is another. Commands that
/// work on either open one of these.
public protocol MigratingFeedStore: FeedReading, LayoutCacheStoring, FeedSeeding, SyncJobStoring, SyncJobLeasing,
    SyncJobAdministering, CommentFeedReading, PlacemarkReading, FeedServing, ChangeLogReading {
    /// The store's migration files, in order.
    var migrations: [MigrationFile] { get }
    /// Applied migration names, in order.
    func appliedMigrations() throws -> [String]
    /// Applies pending migrations up to and including `target` (all when nil).
    @discardableResult
    func migrate(upTo target: String?) throws -> MigrationReport
}
