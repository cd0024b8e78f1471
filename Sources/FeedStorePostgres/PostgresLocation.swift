import FeedModel
import Foundation

/// Where a PostgreSQL database is: `postgres://user[:password]@host[:port]/name`, the form
/// `--db` and `$PHOTOFEED_DB` take (`postgresql://` is the same).
///
/// The optional query item `search_path` names the schema the store's tables live in (tests
/// give each store its own); without it they live in `public`. Every other query item is
/// refused, so that a typo is not silently ignored.
///
/// ```swift
/// let location = try PostgresLocation(url: "postgres://photofeed@127.0.0.1:5432/photofeed")
/// ```
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    public var searchPath: String?

    public init(host: String, port: Int = 5432, username: String, password: String? = nil, database: String,
                searchPath: String? = nil) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.searchPath = searchPath
    }

    /// Whether `text` is a PostgreSQL URL rather than a SQLite path (``DatabaseKind``'s rule).
    public static func isURL(_ text: String) -> Bool {
        DatabaseKind(location: text) == .postgres
    }

    /// Parses a `postgres://` URL; anything else throws ``PostgresLocationError``.
    public init(url text: String) throws {
        guard Self.isURL(text), let components = URLComponents(string: text) else {
            throw PostgresLocationError(url: text, reason: "expected postgres://user@host:port/name")
        }
        guard let host = components.host, !host.isEmpty else {
            throw PostgresLocationError(url: text, reason: "no host")
        }
        guard let user = components.user, !user.isEmpty else {
            throw PostgresLocationError(url: text, reason: "no user name (postgres://user@host/name)")
        }
        let name = String(components.path.drop { $0 == "/" })
        guard !name.isEmpty, !name.contains("/") else {
            throw PostgresLocationError(url: text, reason: "no database name (postgres://user@host/name)")
        }
        var searchPath: String?
        for item in components.queryItems ?? [] {
            guard item.name == "search_path", let value = item.value, !value.isEmpty else {
                throw PostgresLocationError(url: text, reason: "unknown parameter '\(item.name)'")
            }
            searchPath = value
        }
        self.init(host: host, port: components.port ?? 5432, username: user.removingPercentEncoding ?? user,
                  password: components.password.map { $0.removingPercentEncoding ?? $0 },
                  database: name.removingPercentEncoding ?? name, searchPath: searchPath)
    }

    /// The URL without its password, for messages.
    public var description: String {
        let query = searchPath.map { "?search_path=\($0)" } ?? ""
        return "postgres://\(username)@\(host):\(port)/\(database)\(query)"
    }
}

/// A `--db` value that looks like a PostgreSQL URL but is not a usable one.
public struct PostgresLocationError: Error, Equatable, Sendable, CustomStringConvertible {
    public var url: String
    public var reason: String

    public var description: String { "bad PostgreSQL URL '\(url)': \(reason)" }
}
