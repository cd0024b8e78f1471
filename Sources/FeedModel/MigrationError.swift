import Foundation

/// Why the store refused to migrate or open a database.
///
/// Migrations are append-only: once a file has been applied to a database, editing, renaming or
/// deleting it makes every later open of that database fail with one of these, rather than run
/// against a schema nobody can reconstruct.
public enum MigrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The migrations directory does not exist or cannot be read.
    case directoryUnreadable(path: String)
    /// A `.sql` file whose name is not `NNNN_snake_case.sql`, or numbers that are not 1, 2, 3, ….
    case badFileName(path: String, reason: String)
    /// An applied migration's file was edited after it was applied.
    case checksumMismatch(name: String, recorded: String, current: String)
    /// The database records a migration that has no file (deleted or renamed, or the database was
    /// made by a newer build).
    case missingFile(name: String)
    /// `migrate(upTo:)` named a migration that does not exist.
    case unknownTarget(name: String)
    /// The file is another application's SQLite database (see `DatabaseIdentity`), or the
    /// PostgreSQL schema holds another application's tables; nothing in it was changed. `path`
    /// is the file, or the URL without its password.
    case foreignDatabase(path: String)

    public var description: String {
        switch self {
        case .directoryUnreadable(let path):
            "migrations directory \(path) is missing or unreadable (PHOTOFEED_HOME names the folder that holds Migrations/; unset, the migrations built into photofeed are used)"
        case .badFileName(let path, let reason):
            "migration file \(path): \(reason)"
        case .checksumMismatch(let name, let recorded, let current):
            "migration \(name) was edited after it was applied (recorded sha256 \(recorded.prefix(12))…, "
                + "file now \(current.prefix(12))…); migrations are append-only: restore the file and add a new one"
        case .missingFile(let name):
            "the database has migration \(name) applied but Migrations/ has no such file"
        case .unknownTarget(let name):
            "no migration named \(name)"
        case .foreignDatabase(let path):
            "\(path) is another application's \(DatabaseKind(location: path) == .postgres ? "PostgreSQL" : "SQLite") "
                + "database, not a photofeed one; it was left unchanged"
        }
    }
}
