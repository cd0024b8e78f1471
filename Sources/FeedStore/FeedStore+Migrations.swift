import FeedModel
import Foundation
import GRDB
import Locking

extension FeedStore {
    /// GRDB's migrator with every file registered in order. Each migration runs in its own
    /// transaction with foreign keys checked before commit (GRDB's deferred checks), and records
    /// its file's checksum in `schema_checksum` in that same transaction.
    ///
    /// GRDB reads which migrations are applied before it takes the write lock, so another
    /// process may apply one in between. Each migration therefore looks again once its
    /// transaction holds the lock, and stops with ``AppliedMeanwhile`` (rolling back nothing but
    /// its empty transaction) when it finds itself applied; ``migrate(upTo:)`` then starts over.
    /// A failing statement's error keeps SQLite's code and message, with the migration's name
    /// instead of its SQL, so that it reads as one line.
    var migrator: DatabaseMigrator { migrator(recordingIn: nil) }

    /// The migrator, adding the name of each migration it applies to `applied`.
    func migrator(recordingIn applied: AppliedNames?) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for file in migrations {
            migrator.registerMigration(file.name) { db in
                let appliedMeanwhile = try String.fetchOne(
                    db, sql: "SELECT identifier FROM grdb_migrations WHERE identifier = ?", arguments: [file.name])
                if appliedMeanwhile != nil { throw AppliedMeanwhile() }
                do {
                    try db.execute(sql: file.sql)
                } catch let error as DatabaseError {
                    throw DatabaseError(resultCode: error.extendedResultCode,
                                        message: "migration \(file.name): \(error.message ?? "failed")")
                }
                try db.execute(sql: "INSERT INTO schema_checksum (name, sha256) VALUES (?, ?)",
                               arguments: [file.name, file.checksum])
                applied?.names.withLock { $0.append(file.name) }
            }
        }
        return migrator
    }

    /// A migration found applied by another connection once it held the write lock.
    struct AppliedMeanwhile: Error {}

    /// The migrations one `migrate` call applied itself, not those another process applied
    /// while it ran.
    final class AppliedNames: Sendable {
        let names = Locked<[String]>([])
    }

    /// Applies pending migrations up to and including `target` (all when nil).
    @discardableResult
    public func migrate(upTo target: String? = nil) throws -> MigrationReport {
        if let target, !migrations.contains(where: { $0.name == target }) {
            throw MigrationError.unknownTarget(name: target)
        }
        let applied = AppliedNames()
        let migrator = migrator(recordingIn: applied)
        // Each start over follows a migration another process applied: at most one per file.
        for attempt in 0 ... migrations.count {
            do {
                if let target {
                    try migrator.migrate(writer, upTo: target)
                } else {
                    try migrator.migrate(writer)
                }
                break
            } catch is AppliedMeanwhile where attempt < migrations.count {
                continue
            }
        }
        return MigrationReport(applied: applied.names.withLock { $0 }, current: try appliedMigrations().last)
    }

    /// Applied migration names, in order.
    public func appliedMigrations() throws -> [String] {
        let migrator = self.migrator
        return try writer.read { db in
            let applied = try migrator.appliedIdentifiers(db)
            return migrations.map(\.name).filter { applied.contains($0) }
        }
    }

    /// Refuses a database whose applied migrations no longer match their files. A database that
    /// has the checksum table already is only read (a WAL reader: opening never waits for another
    /// process's writer); otherwise the table is created, in a write.
    func verifyChecksums() throws {
        let files = Dictionary(uniqueKeysWithValues: migrations.map { ($0.name, $0) })
        let verify = { (db: Database) throws in
            if try !db.tableExists("schema_checksum") {
                try db.execute(sql: """
                    CREATE TABLE IF NOT EXISTS schema_checksum (name TEXT PRIMARY KEY NOT NULL, sha256 TEXT NOT NULL)
                    """)
            }
            guard try db.tableExists("grdb_migrations") else { return }
            let applied = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier")
            let recorded = try Dictionary(
                Row.fetchAll(db, sql: "SELECT name, sha256 FROM schema_checksum").map { row in
                    (row["name"] as String, row["sha256"] as String)
                }, uniquingKeysWith: { first, _ in first })
            for name in applied {
                guard let file = files[name] else { throw MigrationError.missingFile(name: name) }
                let checksum = recorded[name] ?? ""
                guard checksum == file.checksum else {
                    throw MigrationError.checksumMismatch(name: name, recorded: checksum, current: file.checksum)
                }
            }
        }
        if try writer.read({ try $0.tableExists("schema_checksum") }) {
            try writer.read(verify)
        } else {
            try writer.write(verify)
        }
    }
}
