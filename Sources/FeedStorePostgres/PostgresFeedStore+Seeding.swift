import FeedModel
import Foundation
import NIOCore
import PostgresNIO

/// Seeding through COPY. A table that holds no row yet takes its rows straight from COPY (the
/// first seed of a store, and the bulk of any benchmark); a table with rows takes them into a
/// temporary staging table, upserted from it by id, changing a row only when a value differs (as
/// the SQLite store's upserts do). The sync jobs of the new rows are made pending the same way.
/// One transaction: a bad file or a failure half-way leaves the store as it was.
extension PostgresFeedStore: FeedSeeding {
    @discardableResult
    public func seedCurated(from directory: URL, progress: SeedProgress.Handler?) throws -> SeedCounts {
        let records = try CuratedSeedRecords(directory: directory)
        var tables = SeedTables()
        for city in try CuratedSeedRecords.cities(directory: directory) { tables.add(city) }
        for user in records.users { tables.add(user) }
        for (photo, location) in records.photos { tables.add(photo, location: location) }
        for comment in records.comments { tables.add(comment) }
        return try load(tables, generated: nil, progress: progress)
    }

    @discardableResult
    public func seedGenerated(count: Int, rngSeed: UInt64, seedDataDirectory directory: URL,
                              progress: SeedProgress.Handler?) throws -> SeedCounts {
        let vocabulary = try SeedVocabulary.load(from: directory.appendingPathComponent("vocabulary.json"))
        var tables = SeedTables()
        let cities = try CuratedSeedRecords.cities(directory: directory)
        for city in cities { tables.add(city) }
        var generator = SyntheticFeedGenerator(vocabulary: vocabulary, photoCount: count, seed: rngSeed, cities: cities)
        for index in 1 ... generator.userCount { tables.add(generator.user(index)) }
        for index in 1 ... count {
            let (photo, location, comments) = generator.photo(index)
            tables.add(photo, location: location)
            for comment in comments { tables.add(comment) }
        }
        return try load(tables, generated: (count, rngSeed), progress: progress)
    }

    public func counts() throws -> SeedCounts {
        try blockingSession { session in try await Self.counts(session) }
    }

    static func counts(_ session: PostgresSession) async throws -> SeedCounts {
        let row = try await session.query("""
            SELECT (SELECT COUNT(*) FROM "user"), (SELECT COUNT(*) FROM photo), (SELECT COUNT(*) FROM location),
                   (SELECT COUNT(*) FROM comment), (SELECT COUNT(*) FROM city), (SELECT COUNT(*) FROM sync_job)
            """).rows[0]
        let (users, photos, locations, comments, cities, jobs) = try row.decode(
            (Int64, Int64, Int64, Int64, Int64, Int64).self)
        return SeedCounts(users: Int(users), photos: Int(photos), locations: Int(locations), comments: Int(comments),
                          cities: Int(cities), syncJobs: Int(jobs))
    }

    private func load(_ tables: SeedTables, generated: (count: Int, rngSeed: UInt64)?,
                      progress: SeedProgress.Handler?) throws -> SeedCounts {
        let now = clock.nowMilliseconds
        let loads = tables.loads
        return try blockingWrite { session in
            if let generated { try await claimGeneratedSeed(session, count: generated.count, rngSeed: generated.rngSeed) }
            for (index, load) in loads.enumerated() {
                let table = load.table == "user" ? "\"user\"" : load.table
                if try await Self.lockIfEmpty(session, table: table) {
                    // Every row would be inserted: they go straight in.
                    try await session.copy(into: load.table, columns: load.columns, rows: load.rows.buffer)
                } else {
                    let staging = "seed_\(load.table)"
                    try await session.execute(PostgresQuery(unsafeSQL: """
                        CREATE TEMP TABLE \(staging) (LIKE \(table) INCLUDING DEFAULTS) ON COMMIT DROP
                        """))
                    try await session.copy(into: staging, columns: load.columns, rows: load.rows.buffer)
                    try await session.execute(PostgresQuery(unsafeSQL: Self.upsertSQL(
                        table: table, staging: staging, columns: load.columns, alsoSetting: load.upsert)))
                }
                progress?(SeedProgress(phase: load.table, done: index + 1, total: loads.count))
            }
            if try await Self.lockIfEmpty(session, table: "sync_job") {
                try await session.copy(into: "sync_job", columns: ["kind", "target_id", "next_run_at"],
                                 rows: tables.jobRows(dueAt: now).buffer)
            } else {
                try await Self.upsertJobs(tables, dueAt: now, session)
            }
            progress?(SeedProgress(phase: "done", done: loads.count, total: loads.count))
            return try await Self.counts(session)
        }
    }

    /// Whether `table` holds no row. An empty table is then locked against other writers (not
    /// readers) until the transaction ends, so that it is still empty when the rows go in; a table
    /// with rows is not locked (the upsert locks only the rows it changes).
    static func lockIfEmpty(_ session: PostgresSession, table: String) async throws -> Bool {
        let isEmpty = PostgresQuery(unsafeSQL: "SELECT NOT EXISTS (SELECT 1 FROM \(table))")
        guard try await session.query(isEmpty).rows.first?.decode(Bool.self) == true else { return false }
        try await session.execute(PostgresQuery(unsafeSQL: "LOCK TABLE \(table) IN SHARE ROW EXCLUSIVE MODE"))
        return try await session.query(isEmpty).rows.first?.decode(Bool.self) == true
    }

    /// Makes the sync jobs of `tables` pending, due at `now`: new jobs are inserted in order, and
    /// a finished job whose target is pending again (its URL changed) starts over.
    static func upsertJobs(_ tables: SeedTables, dueAt now: Int64, _ session: PostgresSession) async throws {
        try await session.execute("""
            INSERT INTO sync_job AS j (kind, target_id, next_run_at)
            SELECT n.kind, n.target, \(now)::bigint
            FROM unnest(\(tables.jobKinds)::text[], \(tables.jobTargets)::bigint[]) WITH ORDINALITY
                AS n(kind, target, position)
            ORDER BY n.position
            ON CONFLICT (kind, target_id) DO UPDATE SET
                state = 'pending', attempts = 0, next_run_at = excluded.next_run_at, result = NULL,
                lease_owner = NULL, lease_expires_at = NULL
            WHERE j.state != 'pending' AND (CASE excluded.kind
                WHEN 'image' THEN (SELECT image_state FROM photo WHERE id = excluded.target_id)
                WHEN 'avatar' THEN (SELECT avatar_state FROM "user" WHERE id = excluded.target_id)
                WHEN 'comment-feed' THEN (SELECT CASE WHEN comments_loaded THEN 'loaded' ELSE 'pending' END
                                          FROM photo WHERE id = excluded.target_id)
                ELSE (SELECT geocode_state FROM location WHERE id = excluded.target_id) END) = 'pending'
            """)
    }

    /// Inserts the staging table's rows into `table`, updating a row of the same id only when one
    /// of `columns` differs, and then also setting `alsoSetting`.
    static func upsertSQL(table: String, staging: String, columns: [String], alsoSetting extra: String) -> String {
        let values = columns.dropFirst()
        let assignments = values.map { "\($0) = excluded.\($0)" } + (extra.isEmpty ? [] : [extra])
        return """
            INSERT INTO \(table) AS t (\(columns.joined(separator: ", ")))
            SELECT \(columns.joined(separator: ", ")) FROM \(staging) ORDER BY id
            ON CONFLICT (id) DO UPDATE SET \(assignments.joined(separator: ", "))
            WHERE (\(values.map { "t.\($0)" }.joined(separator: ", ")))
                IS DISTINCT FROM (\(values.map { "excluded.\($0)" }.joined(separator: ", ")))
            """
    }

    /// Records the generated set, or refuses another one, as the SQLite store does.
    private func claimGeneratedSeed(_ session: PostgresSession, count: Int, rngSeed: UInt64) async throws {
        let requested = "--generate \(count) --rng-seed \(rngSeed)"
        try await session.execute("LOCK TABLE generated_seed IN EXCLUSIVE MODE")
        if let row = try await session.query("SELECT photo_count::bigint, rng_seed FROM generated_seed").rows.first {
            let (recordedCount, recordedSeed) = try row.decode((Int64, String).self)
            if recordedCount == count && recordedSeed == String(rngSeed) { return }
            let recorded = "--generate \(recordedCount) --rng-seed \(recordedSeed)"
            throw SeedError(file: location.description, message: "holds the photos of \(recorded); \(requested) "
                + "would replace rows with the same ids: generate into another database (--db), or repeat \(recorded)")
        }
        let base = SyntheticFeedGenerator.idBase
        let hasGeneratedRows = try await session.query("""
            SELECT EXISTS (SELECT 1 FROM photo WHERE id > \(base)) OR EXISTS (SELECT 1 FROM "user" WHERE id > \(base))
            """).rows.first?.decode(Bool.self) ?? false
        if hasGeneratedRows {
            throw SeedError(file: location.description, message: "holds generated photos of an unrecorded --generate "
                + "and --rng-seed; \(requested) could replace them: generate into another database (--db)")
        }
        try await session.execute("""
            INSERT INTO generated_seed (id, photo_count, rng_seed) VALUES (1, \(count), \(String(rngSeed)))
            """)
    }
}
