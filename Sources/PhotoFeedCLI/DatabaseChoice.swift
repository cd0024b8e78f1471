import FeedModel

/// Which database a command opens, and where that came from: `--db`, else `$PHOTOFEED_DB`, else
/// `$DATABASE_URL`, else `./photofeed.sqlite`. The first one given (not empty) wins.
///
/// `$DATABASE_URL` is the name hosting platforms and libpq-era tools give a server's URL, so it
/// is read for PostgreSQL only: a value that is not a `postgres://` URL (another program's
/// `mysql://…`, a file path) is refused as bad usage rather than guessed at
/// (``refusedDatabaseURL``); `--db` or `$PHOTOFEED_DB` override it. The libpq variables
/// (`PGHOST`, `PGUSER`, …) never choose PostgreSQL on their own: they complete whichever
/// `postgres://` URL was chosen (`PostgresLocation`).
///
/// ```swift
/// DatabaseChoice(option: nil, environment: ["DATABASE_URL": "postgres://me@db/feed"]).source  // .databaseURL
/// ```
struct DatabaseChoice: Equatable {
    enum Source: String, Equatable {
        case option = "--db"
        case photofeedDB = "$PHOTOFEED_DB"
        case databaseURL = "$DATABASE_URL"
        case defaultFile = "the default database"
    }

    static let defaultFile = "photofeed.sqlite"

    var text: String
    var source: Source

    init(option: String?, environment: [String: String]) {
        func given(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        if let option {
            (text, source) = (option, .option)
        } else if let value = given("PHOTOFEED_DB") {
            (text, source) = (value, .photofeedDB)
        } else if let value = given("DATABASE_URL") {
            (text, source) = (value, .databaseURL)
        } else {
            (text, source) = (Self.defaultFile, .defaultFile)
        }
    }

    /// Why the chosen `$DATABASE_URL` cannot be used (it is not a PostgreSQL URL), or nil. Only
    /// the scheme of another URL is shown: it may hold a password.
    var refusedDatabaseURL: String? {
        guard source == .databaseURL, DatabaseKind(location: text) != .postgres else { return nil }
        let shown = text.range(of: "://").map { "a \(text[..<$0.lowerBound]):// URL" } ?? "'\(text)'"
        return "$DATABASE_URL is \(shown), not a postgres:// one; photofeed reads only PostgreSQL URLs from it "
            + "(--db or $PHOTOFEED_DB name a SQLite file)"
    }
}
