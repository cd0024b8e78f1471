import GRDB

/// The secondary indexes of the tables a large seed fills, dropped before the rows go in and
/// made again from their own definitions afterwards, in the seed's transaction.
///
/// Each seeded row otherwise inserts one entry into every index of its table, most of them at a
/// random place (`photo_feed` by upload time, `photo_owner_id`, `comment_author_id`), which at a
/// million rows costs more than the rows themselves; `CREATE INDEX` over the loaded table sorts
/// once instead. Unique indexes stay: they check the rows as they go in, and the upserts' conflict
/// targets need them. Readers see the old schema until the seed commits; a failed seed rolls the
/// drop back with everything else. The definitions come from `sqlite_master`, so the indexes are
/// made again exactly as the migrations made them.
struct DeferredIndexes {
    /// The seeded tables whose secondary indexes are deferred.
    static let tables = ["user", "location", "photo", "comment", "sync_job"]

    private let definitions: [(name: String, sql: String)]

    /// Drops the non-unique indexes of ``tables``; ``rebuild(_:)`` makes them again.
    static func drop(_ db: Database) throws -> DeferredIndexes {
        let rows = try Row.fetchAll(db, sql: """
            SELECT name, sql FROM sqlite_master
            WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN (\(tables.map { "'\($0)'" }.joined(separator: ", ")))
            ORDER BY name
            """)
        let definitions = rows.map { (name: $0["name"] as String, sql: $0["sql"] as String) }
            .filter { !$0.sql.uppercased().hasPrefix("CREATE UNIQUE") }
        for index in definitions { try db.execute(sql: "DROP INDEX \(index.name.quotedDatabaseIdentifier)") }
        return DeferredIndexes(definitions: definitions)
    }

    /// Makes the dropped indexes again. The seed runs with its page cache at
    /// ``FeedStore/seedCacheKibibytes``: SQLite's sorter keeps up to the cache's size of keys in
    /// memory before it writes a sorted run to a temporary file, so that also bounds the sorts'
    /// memory however many rows they sort.
    func rebuild(_ db: Database) throws {
        for index in definitions { try db.execute(sql: index.sql) }
    }
}
