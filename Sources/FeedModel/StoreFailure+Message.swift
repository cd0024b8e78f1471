extension StoreFailure {
    /// The failure in one line, as the commands' `error:` line and the service's 500 detail say
    /// it: with `database`, the line names the file (`the database feed.sqlite is busy …`).
    /// A command adds why a file cannot be opened or written to an ``other(description:)``.
    public func message(database: String? = nil) -> String {
        let file = database.map { "the database \($0)" } ?? "the database"
        switch self {
        case .busy(let message):
            return "\(file) is busy or locked beyond the busy timeout: \(message)"
        case .unreachable(let message), .missing(let message):
            return message
        case .notADatabase(let message):
            return "\(database ?? "the file") is not a usable database: \(message)"
        case .other(let description):
            return "\(file): \(Self.firstClause(of: description))"
        }
    }

    /// SQLite's message without the statement GRDB appends (` - while executing …`), on one line.
    static func firstClause(of description: String) -> String {
        let clause = description.range(of: " - while executing").map { String(description[..<$0.lowerBound]) }
            ?? description
        return clause.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}
