import FeedModel
import Foundation
import GRDB

/// How the store recognises a SQLite file as its own before it writes anything to it: SQLite's
/// `application_id` header field, set when the store creates a database (and by migration
/// `0008_set_application_id`).
///
/// A file is one of ours when it carries our id, or, without any id, when it holds the
/// `schema_checksum` table the store creates first (a database made before the id existed:
/// the store then sets the id). A file without tables is new. Anything else belongs to another
/// application: the store refuses it with ``MigrationError/foreignDatabase(path:)`` and leaves
/// every byte of it as it was — no WAL switch, no table, no header change.
///
/// ```swift
/// try DatabaseIdentity.inspect(path: "other-app.sqlite", busyTimeout: 5)  // throws for a foreign file
/// ```
enum DatabaseIdentity {
    /// `0x50684664`, "PhFd" in ASCII. Migration `0008_set_application_id` writes the same number.
    static let applicationID: Int32 = 0x5068_4664

    enum Kind: Equatable {
        /// No table yet: a new database.
        case empty
        /// Our id in the header.
        case ours
        /// Our tables without the id: made before the store set it.
        case oursWithoutID
        /// Tables of another application, or another application's id.
        case foreign
    }

    static func kind(_ db: Database) throws -> Kind {
        let id = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if id == applicationID { return .ours }
        if id != 0 { return .foreign }
        let objects = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") ?? 0
        if objects == 0 { return .empty }
        return try db.tableExists("schema_checksum") ? .oursWithoutID : .foreign
    }

    /// Looks at the file at `path` through a read-only connection, before the store opens it
    /// for writing (a `DatabasePool` switches the file to WAL as it opens). A missing or empty
    /// file is a new database and passes.
    static func inspect(path: String, busyTimeout: TimeInterval) throws {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        guard let size = attributes?[.size] as? Int, size > 0 else { return }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        if try queue.read(kind) == .foreign { throw MigrationError.foreignDatabase(path: path) }
    }

    /// Refuses another application's database, and sets our id on a new one or one made
    /// without it. Runs in the store's first write transaction.
    static func claim(_ db: Database, path: String) throws {
        switch try kind(db) {
        case .ours: return
        case .foreign: throw MigrationError.foreignDatabase(path: path)
        case .empty, .oursWithoutID: try db.execute(sql: "PRAGMA application_id = \(applicationID)")
        }
    }
}
