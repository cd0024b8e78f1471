import Foundation

/// What a command does when its SQLite database file is not there.
///
/// Only the commands that make a database (`migrate`, `seed`, `demo`) create one; every other
/// command needs an existing database, so a mistyped `--db` is an error instead of a new, empty
/// file that the command then reads as an empty feed.
///
/// ```swift
/// let store = try options.openAnyStore(ifMissing: .refuse)  // "no database at photfeed.sqlite; …"
/// ```
package enum MissingDatabase: Sendable {
    /// Create the file and migrate it.
    case create
    /// Fail with ``NoDatabaseError`` (66) and leave the path as it was.
    case refuse
}

/// Whether a path holds a database file, as far as the commands that need one can tell.
///
/// A file of zero bytes with no `-wal` beside it counts as absent: SQLite would take it for an
/// empty database, but nothing has ever been written to it (`touch photofeed.sqlite`).
enum DatabaseFilePresence: Equatable {
    case file, directory, absent

    init(_ path: String) {
        var isDirectory: ObjCBool = false
        let files = FileManager.default
        guard files.fileExists(atPath: path, isDirectory: &isDirectory) else {
            self = .absent
            return
        }
        if isDirectory.boolValue {
            self = .directory
            return
        }
        let size = (try? files.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 1
        self = size == 0 && !files.fileExists(atPath: path + "-wal") ? .absent : .file
    }
}

/// A command that needs an existing database was given a path with none (66, EX_NOINPUT).
struct NoDatabaseError: MissingInputError {
    var path: String

    var description: String { "no database at \(path); run 'photofeed demo' or 'photofeed seed'" }
}
