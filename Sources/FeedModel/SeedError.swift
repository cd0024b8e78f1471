/// A seed file the store refuses: names the file, the line (JSON Lines and TSV are line-based)
/// and, for JSON, the path of the offending value. A generated seed the database refuses names
/// the database file.
///
/// Seeding validates and writes in one transaction, so after this error the database is exactly
/// as it was.
public struct SeedError: Error, Equatable, Sendable, CustomStringConvertible {
    public var file: String
    public var line: Int?
    public var path: String?
    public var message: String

    public init(file: String, line: Int? = nil, path: String? = nil, message: String) {
        self.file = file
        self.line = line
        self.path = path
        self.message = message
    }

    public var description: String {
        var location = file
        if let line { location += ":\(line)" }
        if let path { location += ": \(path)" }
        return "\(location): \(message)"
    }
}
