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

    /// Every `.sql` file of `directory`, in order. Names must be `NNNN_lowercase_words.sql`
    /// numbered 1, 2, 3, … without gaps; anything else is refused, naming the file. A
    /// compiled-in folder (``ResourceLocator/bundled(_:)``) gives the embedded migrations, checked
    /// the same way.
    public static func load(from directory: URL) throws -> [MigrationFile] {
        if ResourceLocator.isBundled(directory) {
            guard let bundled = ResourceLocator.bundledMigrations(directory) else {
                throw MigrationError.directoryUnreadable(path: directory.absoluteString)
            }
            return try bundled.enumerated().map { index, file in
                try migration(fileName: file.name, path: "\(directory.absoluteString)/\(file.name)",
                              number: index + 1, text: file.text)
            }
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
            files.append(try migration(fileName: fileName, path: path, number: files.count + 1, text: text))
        }
        return files
    }

    /// The migration of file `fileName` (at `path`, for errors), which must be number `number`.
    private static func migration(fileName: String, path: String, number: Int, text: String?) throws -> MigrationFile {
        let name = String(fileName.dropLast(4))
        guard fileName.hasSuffix(".sql"), isWellFormed(name) else {
            throw MigrationError.badFileName(path: path, reason: "expected NNNN_lowercase_name.sql")
        }
        guard Int(name.prefix(4)) == number else {
            throw MigrationError.badFileName(path: path, reason: "expected number \(number) next")
        }
        guard let sql = text else {
            throw MigrationError.badFileName(path: path, reason: "not readable as UTF-8")
        }
        return MigrationFile(name: name, sql: sql)
    }

    private static func isWellFormed(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard scalars.count > 5, scalars[4] == "_" else { return false }
        let digits = scalars.prefix(4).allSatisfy { ("0"..."9").contains($0) }
        let words = scalars.dropFirst(5).allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        return digits && words
    }
}
