import FeedModel
import Foundation

/// Where a PostgreSQL database is and how to connect to it: `postgres://user[:password]@host[:port]/name`
/// (`postgresql://` is the same), the form `--db`, `$PHOTOFEED_DB` and `$DATABASE_URL` take. The host
/// may be an IPv6 literal in brackets (`[::1]`).
///
/// Query items, as libpq users write them:
/// - `sslmode`: `disable`, `prefer`, `require` or `verify-full` (``PostgresTLSMode``; `prefer`
///   when absent, as libpq);
/// - `application_name`: what `pg_stat_activity` shows for the store's sessions (`photofeed`
///   when absent);
/// - `connect_timeout`: seconds to wait for a connection (a whole number, 1 or more; 10 when
///   absent);
/// - `search_path`: the schema the store's tables live in (tests give each store its own); without
///   it they live in `public`;
/// - `options`: server settings the sessions start with, `-c name=value` separated by spaces
///   (``PostgresServerOptions``), such as `options=-c%20statement_timeout%3D5min`;
/// - `sslrootcert`: a PEM file of the certificates `verify-full` trusts, instead of the
///   system's.
///
/// Every other item is refused, so that a typo is not silently ignored. What the URL leaves out
/// (host, port, user, password, database, or any of the items but `search_path`) the libpq
/// variables fill when the caller passes the environment (``PostgresEnvironment``). Messages
/// never show the password (``description``).
///
/// ```swift
/// let location = try PostgresLocation(url: "postgres://photofeed@127.0.0.1:5432/photofeed?sslmode=require")
/// ```
public struct PostgresLocation: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var username: String
    public var password: String?
    public var database: String
    public var searchPath: String?
    public var tls: PostgresTLSMode
    public var applicationName: String?
    /// Seconds to wait for a connection.
    public var connectTimeout: Int
    /// How long a session may hold a transaction open without a word before the server ends it,
    /// releasing its locks (``startupParameters(applicationName:)``).
    public var idleInTransactionTimeout: Duration = .seconds(30)
    /// The server's `statement_timeout` for the store's sessions: a statement running longer is
    /// ended by the server. The store gives each call ``callDeadline`` to be answered.
    public var statementTimeout: Duration = .seconds(60)
    /// The other server settings of the URL's `options`, sent as they are when a session starts.
    public var serverSettings: [String: String] = [:]
    /// The certificates (a PEM file) `verify-full` checks the server's against, instead of the
    /// system's trust roots: libpq's `sslrootcert`.
    public var sslRootCertificate: String?

    /// How long the store waits for the server to answer one call (a statement, a prepared
    /// statement's rows, a COPY): the statement timeout and 5 s more, so that a server that
    /// answers ends a slow statement first. Past it the connection is closed and the call counts
    /// as a lost connection. Nil when the statement timeout is off (0).
    public var callDeadline: Duration? {
        statementTimeout > .zero ? statementTimeout + .seconds(5) : nil
    }

    public init(host: String, port: Int = 5432, username: String, password: String? = nil, database: String,
                searchPath: String? = nil, tls: PostgresTLSMode = .prefer, applicationName: String? = nil,
                connectTimeout: Int = 10) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
        self.database = database
        self.searchPath = searchPath
        self.tls = tls
        self.applicationName = applicationName
        self.connectTimeout = connectTimeout
    }

    /// Whether `text` is a PostgreSQL URL rather than a SQLite path (``DatabaseKind``'s rule).
    public static func isURL(_ text: String) -> Bool {
        DatabaseKind(location: text) == .postgres
    }

    /// Parses a `postgres://` URL, completed by the libpq variables of `environment`
    /// (``PostgresEnvironment``: a part the URL leaves out is taken from `PGHOST`, `PGPORT`,
    /// `PGUSER`, `PGPASSWORD`, `PGDATABASE`, `PGSSLMODE`, `PGSSLROOTCERT`, `PGAPPNAME`,
    /// `PGCONNECT_TIMEOUT`, `PGOPTIONS`);
    /// anything unusable throws ``PostgresLocationError``.
    public init(url text: String, environment: [String: String] = [:]) throws {
        func refuse(_ reason: String) -> PostgresLocationError { PostgresLocationError(url: text, reason: reason) }
        guard Self.isURL(text), let components = URLComponents(string: text) else {
            throw refuse("expected postgres://user@host:port/name, the port a number from 1 to 65535")
        }
        let variables = PostgresEnvironment(values: environment)
        let filled: (host: String?, port: Int?, tls: PostgresTLSMode?, connectTimeout: Int?)
        do {
            filled = (try variables.host(), try variables.port(), try variables.tls(), try variables.connectTimeout())
        } catch {
            throw refuse(error.reason)
        }
        guard var host = components.host.flatMap({ $0.isEmpty ? nil : $0 }) ?? filled.host else {
            throw refuse("no host (postgres://user@host/name, or $PGHOST)")
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        let user = components.user.flatMap { $0.isEmpty ? nil : $0.removingPercentEncoding ?? $0 }
        guard let user = user ?? variables["PGUSER"] else {
            throw refuse("no user name (postgres://user@host/name, or $PGUSER)")
        }
        let port = components.port ?? filled.port ?? 5432
        guard (1 ... 65_535).contains(port) else { throw refuse("port \(port) is not from 1 to 65535") }
        let path = String(components.path.drop { $0 == "/" })
        guard !path.contains("/") else { throw refuse("no database name (postgres://user@host/name)") }
        guard let name = path.isEmpty ? variables["PGDATABASE"] : path.removingPercentEncoding ?? path else {
            throw refuse("no database name (postgres://user@host/name, or $PGDATABASE)")
        }
        let password = components.password.map { $0.removingPercentEncoding ?? $0 } ?? variables["PGPASSWORD"]
        self.init(host: host, port: port, username: user, password: password, database: name,
                  tls: filled.tls ?? .prefer, applicationName: variables["PGAPPNAME"],
                  connectTimeout: filled.connectTimeout ?? 10)
        sslRootCertificate = variables["PGSSLROOTCERT"]
        var options = variables["PGOPTIONS"]
        for item in components.queryItems ?? [] {
            guard let value = item.value, !value.isEmpty else { throw refuse("'\(item.name)' has no value") }
            switch item.name {
            case "search_path":
                searchPath = value
            case "sslmode":
                guard let mode = PostgresTLSMode(rawValue: value) else {
                    throw refuse("sslmode must be one of \(PostgresTLSMode.allCases.map(\.rawValue).joined(separator: ", ")), "
                                 + "not '\(value)'")
                }
                tls = mode
            case "application_name":
                applicationName = value
            case "connect_timeout":
                guard let seconds = Int(value), seconds >= 1 else {
                    throw refuse("connect_timeout must be a whole number of seconds, 1 or more, not '\(value)'")
                }
                connectTimeout = seconds
            case "options":
                options = value
            case "sslrootcert":
                sslRootCertificate = value
            default:
                throw refuse("unknown parameter '\(item.name)'")
            }
        }
        if let options {
            do {
                try take(options: options)
            } catch {
                throw refuse(error.reason)
            }
        }
    }

    /// Takes the settings of `options` (``PostgresServerOptions``): the two time limits as
    /// durations, the rest as ``serverSettings``.
    private mutating func take(options text: String) throws(PostgresEnvironmentError) {
        var settings = try PostgresServerOptions.parse(text)
        for (name, path) in [("statement_timeout", \Self.statementTimeout),
                             ("idle_in_transaction_session_timeout", \Self.idleInTransactionTimeout)] {
            guard let value = settings.removeValue(forKey: name) else { continue }
            guard let duration = PostgresServerOptions.duration(value) else {
                throw PostgresEnvironmentError("\(name) in options must be a time such as 30s or 500ms, not '\(value)'")
            }
            self[keyPath: path] = duration
        }
        serverSettings = settings
    }

    /// The URL's `options`: the settings that differ from the store's defaults.
    var optionsText: String? {
        var settings = serverSettings
        let defaults = PostgresLocation(host: "", username: "", database: "")
        if statementTimeout != defaults.statementTimeout {
            settings["statement_timeout"] = PostgresServerOptions.milliseconds(statementTimeout) + "ms"
        }
        if idleInTransactionTimeout != defaults.idleInTransactionTimeout {
            settings["idle_in_transaction_session_timeout"] = PostgresServerOptions.milliseconds(idleInTransactionTimeout) + "ms"
        }
        return settings.isEmpty ? nil : PostgresServerOptions.text(settings)
    }

    /// The URL without its password, for messages.
    public var description: String {
        let host = self.host.contains(":") ? "[\(self.host)]" : self.host
        var query: [String] = []
        if let searchPath { query.append("search_path=\(searchPath)") }
        if tls != .prefer { query.append("sslmode=\(tls.rawValue)") }
        if let applicationName { query.append("application_name=\(applicationName)") }
        if connectTimeout != 10 { query.append("connect_timeout=\(connectTimeout)") }
        if let sslRootCertificate { query.append("sslrootcert=\(sslRootCertificate)") }
        // (encoded: the spaces and signs of the settings would end the URL)
        if let optionsText { query.append("options=" + optionsText.map(Self.encoded).joined()) }
        return "postgres://\(username)@\(host):\(port)/\(database)" + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
    }
}

extension PostgresLocation {
    /// `character` as it stands in a URL's query value.
    fileprivate static func encoded(_ character: Character) -> String {
        switch character {
        case " ": "%20"
        case "=": "%3D"
        case "&": "%26"
        case "+": "%2B"
        case "%": "%25"
        default: String(character)
        }
    }
}

/// A `--db` value that looks like a PostgreSQL URL but is not a usable one; its description shows
/// the URL with the password masked.
public struct PostgresLocationError: StoreLocationError, Equatable, Sendable {
    public var url: String
    public var reason: String

    public var description: String { "bad PostgreSQL URL '\(Self.masked(url))': \(reason)" }

    /// `url` with the password of its user information (`user:password@`) replaced by `***`.
    static func masked(_ url: String) -> String {
        guard let scheme = url.range(of: "://") else { return url }
        let rest = url[scheme.upperBound...]
        guard let at = rest.lastIndex(of: "@"), let colon = rest[..<at].firstIndex(of: ":") else { return url }
        return String(url[..<rest.index(after: colon)]) + "***" + String(rest[at...])
    }
}
