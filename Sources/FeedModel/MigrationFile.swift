import Foundation

/// One append-only migration: `Migrations/NNNN_name.sql`, read from the folder or from the
/// copy compiled into the executable (``ResourceLocator``).
///
/// The identifier is the file name without `.sql` (`0001_create_user_photo_location_comment`);
/// the checksum is the SHA-256 of the file's bytes, recorded when the migration is applied.
public struct MigrationFile: Sendable, Equatable {
    public let name: String
    public let sql: String
    public let checksum: String

    public init(name: String, sql: String) {
        self.name = name
        self.sql = sql
        self.checksum = SHA256.hexDigest(Array(sql.utf8))
    }

    /// Every `.sql` file of `directory`, in order. Names must be `NNNN_lowercase_words.sql`, each
    /// number above the one before (from 0001; a number may be left out, reserved for a change
    /// made in parallel); anything else is refused, naming the file. A
    /// compiled-in folder (``ResourceLocator/bundled(_:)``) gives the embedded migrations, checked
    /// the same way.
    public static func load(from directory: URL) throws -> [MigrationFile] {
        if ResourceLocator.isBundled(directory) {
            guard let bundled = ResourceLocator.bundledMigrations(directory) else {
                throw MigrationError.directoryUnreadable(path: directory.absoluteString)
            }
            var files: [MigrationFile] = []
            for file in bundled {
                files.append(try migration(fileName: file.name, path: "\(directory.absoluteString)/\(file.name)",
                                           after: files.last, text: file.text))
            }
            return files
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw MigrationError.directoryUnreadable(path: directory.path)
        }
        var files: [MigrationFile] = []
        for fileName in names.filter({ $0.hasSuffix(".sql") }).sorted() {
            let path = directory.appendingPathComponent(fileName).path
            let text = FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
            files.append(try migration(fileName: fileName, path: path, after: files.last, text: text))
        }
        return files
    }

    /// The migration of file `fileName` (at `path`, for errors), whose number must be above that
    /// of `previous` (the file before it, nil for the first).
    private static func migration(fileName: String, path: String, after previous: MigrationFile?,
                                  text: String?) throws -> MigrationFile {
        let name = String(fileName.dropLast(4))
        guard fileName.hasSuffix(".sql"), isWellFormed(name) else {
            throw MigrationError.badFileName(path: path, reason: "expected NNNN_lowercase_name.sql")
        }
        let least = previous.map { $0.number + 1 } ?? 1
        guard let number = Int(name.prefix(4)), number >= least else {
            throw MigrationError.badFileName(path: path, reason: "expected a number from \(least) on")
        }
        guard let sql = text else {
            throw MigrationError.badFileName(path: path, reason: "not readable as UTF-8")
        }
        return MigrationFile(name: name, sql: sql)
    }

    /// The file's number (`0013_lease_sync_jobs`: 13).
    var number: Int { Int(name.prefix(4)) ?? 0 }

    private static func isWellFormed(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard scalars.count > 5, scalars[4] == "_" else { return false }
        let digits = scalars.prefix(4).allSatisfy { ("0"..."9").contains($0) }
        let words = scalars.dropFirst(5).allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        return digits && words
    }
}
