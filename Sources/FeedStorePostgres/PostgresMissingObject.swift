import Foundation

/// The role or the database a URL names, when the server says it does not exist: the line that
/// says which, on which server, and the command that creates it.
///
/// PostgreSQL checks the role first (SQLSTATE 28000, `role "me" does not exist`), then the
/// database (3D000). Creating either takes a role allowed to (a superuser, or one with
/// `CREATEROLE` / `CREATEDB`), which the hint says; the database is created owned by the URL's
/// role, so that the store can create its tables in it. Names are quoted for a POSIX shell.
///
/// ```swift
/// PostgresMissingObject.line(sqlState: "3D000", message: #"database "feed" does not exist"#, location: location)
/// // the PostgreSQL database "feed" does not exist on 127.0.0.1:5432 (postgres://me@127.0.0.1:5432/feed);
/// // create it with: createdb -h 127.0.0.1 -p 5432 -O me feed (as a role allowed to create databases)
/// ```
enum PostgresMissingObject {
    /// The line for a server error about the URL's missing role or database, else nil.
    static func line(sqlState: String, message: String, location: PostgresLocation) -> String? {
        let server = "-h \(quoted(location.host)) -p \(location.port)"
        let place = "on \(location.host.contains(":") ? "[\(location.host)]" : location.host):\(location.port) (\(location))"
        switch sqlState {
        case "28000" where message == "role \"\(location.username)\" does not exist":
            return "the PostgreSQL role \"\(location.username)\" does not exist \(place); create it with: "
                + "createuser \(server) --login \(quoted(location.username)) (as a role allowed to create roles)"
        case "3D000":
            return "the PostgreSQL database \"\(location.database)\" does not exist \(place); create it with: "
                + "createdb \(server) -O \(quoted(location.username)) \(quoted(location.database)) "
                + "(as a role allowed to create databases)"
        default:
            return nil
        }
    }

    /// `text` as one word of a POSIX shell command: as it is when it is plain, else in single quotes.
    static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0" ... "9").contains(scalar) || "_-.:@/".unicodeScalars.contains(scalar))
        }
        return plain ? text : "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
