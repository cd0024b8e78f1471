import Foundation

/// One append-only migration: `Migrations/NNNN_name.sql`, read at run time.
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
    /// numbered 1, 2, 3, … without gaps; anything else is refused, naming the file.
    public static func load(from directory: URL) throws -> [MigrationFile] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw MigrationError.directoryUnreadable(path: directory.path)
        }
        var files: [MigrationFile] = []
        for fileName in names.filter({ $0.hasSuffix(".sql") }).sorted() {
            let path = directory.appendingPathComponent(fileName).path
            let name = String(fileName.dropLast(4))
            guard isWellFormed(name) else {
                throw MigrationError.badFileName(path: path, reason: "expected NNNN_lowercase_name.sql")
            }
            let expected = files.count + 1
            guard Int(name.prefix(4)) == expected else {
                throw MigrationError.badFileName(path: path, reason: "expected number \(expected) next")
            }
            guard let data = FileManager.default.contents(atPath: path),
                  let sql = String(data: data, encoding: .utf8) else {
                throw MigrationError.badFileName(path: path, reason: "not readable as UTF-8")
            }
            files.append(MigrationFile(name: name, sql: sql))
        }
        return files
    }

    private static func isWellFormed(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars)
        guard scalars.count > 5, scalars[4] == "_" else { return false }
        let digits = scalars.prefix(4).allSatisfy { ("0"..."9").contains($0) }
        let words = scalars.dropFirst(5).allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        return digits && words
    }
}
