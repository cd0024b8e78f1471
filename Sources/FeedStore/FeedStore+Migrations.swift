import Foundation
import GRDB

/// What `migrate` did: the migrations it applied now, and the latest applied one.
public struct MigrationReport: Sendable, Equatable, Codable {
    public var applied: [String]
    public var current: String?
}

extension FeedStore {
    /// GRDB's migrator with every file registered in order. Each migration runs in its own
    /// transaction with foreign keys checked before commit (GRDB's deferred checks), and records
    /// its file's checksum in `schema_checksum` in that same transaction.
    var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for file in migrations {
            migrator.registerMigration(file.name) { db in
                try db.execute(sql: file.sql)
                try db.execute(sql: "INSERT INTO schema_checksum (name, sha256) VALUES (?, ?)",
                               arguments: [file.name, file.checksum])
            }
        }
        return migrator
    }

    /// Applies pending migrations up to and including `target` (all when nil).
    @discardableResult
    public func migrate(upTo target: String? = nil) throws -> MigrationReport {
        if let target, !migrations.contains(where: { $0.name == target }) {
            throw MigrationError.unknownTarget(name: target)
        }
        let migrator = self.migrator
        let before = try writer.read { db in try migrator.appliedIdentifiers(db) }
        if let target {
            try migrator.migrate(writer, upTo: target)
        } else {
            try migrator.migrate(writer)
        }
        let after = try appliedMigrations()
        return MigrationReport(applied: after.filter { !before.contains($0) }, current: after.last)
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
