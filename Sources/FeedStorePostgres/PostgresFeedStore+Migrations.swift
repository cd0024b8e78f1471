import FeedModel
import PostgresNIO

extension PostgresFeedStore {
    /// The advisory lock every migration run holds: "PhFd" (the SQLite store's application id)
    /// and a hash of the schema, so that stores in different schemas do not wait for each other.
    static let lockSQL: PostgresQuery = "SELECT pg_advisory_xact_lock(1349011044, hashtext(current_schema()))"

    /// Which migrations are applied, with the checksum of each file when it was applied.
    static let createMigrationTable: PostgresQuery = """
        CREATE TABLE IF NOT EXISTS schema_migration (
            name       text   PRIMARY KEY,
            sha256     text   NOT NULL,
            applied_at bigint NOT NULL
        )
        """

    /// Applies pending migrations up to and including `target` (all when nil), in one
    /// transaction that holds ``lockSQL``.
    ///
    /// Concurrent first use is safe: a second process waits for the lock, then finds the
    /// migrations applied and applies nothing. Before applying anything the run checks every
    /// applied migration against its file, as the SQLite store does (``MigrationError``). A failing
    /// migration rolls back the whole run and names the migration.
    @discardableResult
    public func migrate(upTo target: String? = nil) throws -> MigrationReport {
        if let target, !migrations.contains(where: { $0.name == target }) {
            throw MigrationError.unknownTarget(name: target)
        }
        let now = clock.nowMilliseconds
        let applied = try blockingWrite { session -> [String] in
            try await session.execute(Self.lockSQL)
            if try await Self.holdsAnotherApplication(session) {
                throw MigrationError.foreignDatabase(path: location.description)
            }
            try await session.execute(Self.createMigrationTable)
            let recorded = try await Self.recordedChecksums(session)
            try verify(recorded)
            var applied: [String] = []
            for file in migrations {
                if recorded[file.name] == nil {
                    do {
                        try await session.script(file.sql)
                    } catch let error as PSQLError {
                        let message = error.serverInfo?[.message] ?? "\(error.code)"
                        throw PostgresStoreError.server(database: location.description,
                                                        sqlState: error.serverInfo?[.sqlState] ?? "XX000",
                                                        message: "migration \(file.name): \(message)")
                    }
                    try await session.execute("""
                        INSERT INTO schema_migration (name, sha256, applied_at)
                        VALUES (\(file.name), \(file.checksum), \(now))
                        """)
                    applied.append(file.name)
                }
                if file.name == target { break }
            }
            return applied
        }
        return MigrationReport(applied: applied, current: try appliedMigrations().last)
    }

    /// Whether the schema the store works in holds another application's tables: tables, views or
    /// sequences, and no `schema_migration` (the table a photofeed store creates first). The
    /// store then refuses the database before it creates anything in it, as the SQLite store
    /// refuses another application's file (``MigrationError/foreignDatabase(path:)``); a schema
    /// with nothing in it is a new database.
    private static func holdsAnotherApplication(_ session: PostgresSession) async throws -> Bool {
        try await session.query("""
            SELECT to_regclass('schema_migration') IS NULL AND EXISTS (
                SELECT 1 FROM pg_class WHERE relnamespace = current_schema()::regnamespace
                AND relkind IN ('r', 'p', 'v', 'm', 'f', 'S'))
            """).rows.first?.decode(Bool.self) ?? false
    }

    /// Applied migration names, in order.
    public func appliedMigrations() throws -> [String] {
        let recorded = try blockingRead { session in try await Self.recordedChecksums(session) }
        return migrations.map(\.name).filter { recorded[$0] != nil }
    }

    /// Refuses a database whose applied migrations no longer match their files; reads only.
    func verifyChecksums() throws {
        try verify(try blockingRead { session in try await Self.recordedChecksums(session) })
    }

    private func verify(_ recorded: [String: String]) throws {
        let files = Dictionary(uniqueKeysWithValues: migrations.map { ($0.name, $0) })
        for (name, checksum) in recorded.sorted(by: { $0.key < $1.key }) {
            guard let file = files[name] else { throw MigrationError.missingFile(name: name) }
            guard checksum == file.checksum else {
                throw MigrationError.checksumMismatch(name: name, recorded: checksum, current: file.checksum)
            }
        }
    }

    /// The recorded checksums by migration name; empty before the first migration.
    private static func recordedChecksums(_ session: PostgresSession) async throws -> [String: String] {
        let exists = try await session.query("SELECT to_regclass('schema_migration') IS NOT NULL")
            .rows.first?.decode(Bool.self) ?? false
        guard exists else { return [:] }
        var checksums: [String: String] = [:]
        for row in try await session.query("SELECT name, sha256 FROM schema_migration").rows {
            let (name, checksum) = try row.decode((String, String).self)
            checksums[name] = checksum
        }
        return checksums
    }
}
