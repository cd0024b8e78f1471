/// Which store opens a database location (`--db`, `$PHOTOFEED_DB`, a test's or benchmark's
/// URL): the one registry of URL schemes.
///
/// A location whose URL scheme (the text before its first `://`) belongs to a server store is
/// that store's database; anything else is a SQLite file path, as it always was. Add a server
/// store by adding a case and its schemes here; every place that tells stores apart asks this
/// type (`bin/photofeed`, a shell script, repeats the PostgreSQL schemes to pick its build).
///
/// ```swift
/// DatabaseKind(location: "postgres://me@127.0.0.1/feed")   // .postgres
/// DatabaseKind(location: "photofeed.sqlite")               // .sqlite
/// DatabaseKind.serverScheme(of: "postgresql://me@h/feed")  // "postgresql"
/// ```
public enum DatabaseKind: String, Sendable, Hashable, CaseIterable {
    /// A SQLite file (`FeedStore`): a path, or `:memory:`.
    case sqlite
    /// A PostgreSQL database (`FeedStorePostgres`): `postgres://user@host:port/name`.
    case postgres

    /// The URL schemes that name a database of this kind (none for SQLite, which takes paths).
    public var urlSchemes: Set<String> {
        switch self {
        case .sqlite: []
        case .postgres: ["postgres", "postgresql"]
        }
    }

    /// The kind of store that opens `location`.
    public init(location: String) {
        let scheme = Self.serverScheme(of: location)
        self = Self.allCases.first { kind in scheme.map(kind.urlSchemes.contains) ?? false } ?? .sqlite
    }

    /// The URL scheme of `location` when it names a server store's database (`postgres`), else
    /// nil (a SQLite path).
    public static func serverScheme(of location: String) -> String? {
        guard let separator = location.range(of: "://") else { return nil }
        let scheme = String(location[..<separator.lowerBound])
        return allCases.contains { $0.urlSchemes.contains(scheme) } ? scheme : nil
    }
}
