import FeedModel
import FeedStore
import Locking

/// The databases this executable can open besides SQLite files, chosen by its `main`: the lean
/// `photofeed` registers none, and a build that links a server store registers its opener, so
/// that `--db postgres://…` reaches it without `PhotoFeedCLI` linking that store's client.
///
/// ```swift
/// StoreBackends.register(.init(schemes: DatabaseKind.postgres.urlSchemes) { url, environment, target in
///     try PostgresFeedStore(location: PostgresLocation(url: url, environment: environment), migrationTarget: target)
/// })
/// ```
public struct StoreBackends: Sendable {
    /// Opens (and migrates to the target) the store a URL names; `environment` is the process's,
    /// whose variables (libpq's `PG*`) may fill what the URL leaves out.
    public typealias Open = @Sendable (_ url: String, _ environment: [String: String],
                                       _ migrationTarget: MigrationTarget) throws -> any MigratingFeedStore

    /// The URL schemes it opens (`postgres`), and how.
    public struct Server: Sendable {
        public var schemes: Set<String>
        public var open: Open

        public init(schemes: Set<String>, open: @escaping Open) {
            self.schemes = schemes
            self.open = open
        }
    }

    private static let servers = Locked<[Server]>([])

    /// Makes `server` open the URLs of its schemes, for every command of this process.
    public static func register(_ server: Server) {
        servers.withLock { $0.append(server) }
    }

    /// The registered server that opens `scheme`, or nil.
    static func server(forScheme scheme: String) -> Server? {
        servers.withLock { servers in servers.first { $0.schemes.contains(scheme) } }
    }
}

/// Where `--db` points: a SQLite file, or a server URL (`postgres://user@host:port/name`).
enum StoreLocation: Equatable {
    case sqlite(path: String)
    case server(scheme: String, url: String)

    /// A value with a URL scheme this project knows a server store for (``DatabaseKind``:
    /// `postgres://`, `postgresql://`) is a server; anything else is a SQLite path, as it always was.
    init(_ text: String) {
        if let scheme = DatabaseKind.serverScheme(of: text) {
            self = .server(scheme: scheme, url: text)
        } else {
            self = .sqlite(path: text)
        }
    }

    /// The location for messages: a URL without its password.
    var displayName: String {
        switch self {
        case .sqlite(let path): return path
        case .server(let scheme, let url):
            let rest = url.dropFirst(scheme.count + 3)
            guard let at = rest.lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") else { return url }
            return "\(scheme)://\(rest[..<colon])\(rest[at...])"
        }
    }
}

/// `--db` (or the variable that named the database) names a database this build or this
/// command cannot open (status 64).
struct UnsupportedStoreLocation: OptionError {
    var source: DatabaseChoice.Source
    var location: String
    var reason: String

    var description: String { "\(source.rawValue) \(location): \(reason)" }
}
