/// The libpq environment variables, which fill what a PostgreSQL URL leaves out, as libpq does:
/// `PGHOST`, `PGPORT`, `PGUSER`, `PGPASSWORD`, `PGDATABASE`, `PGSSLMODE`, `PGSSLROOTCERT`,
/// `PGAPPNAME`, `PGCONNECT_TIMEOUT` and `PGOPTIONS`. A part the URL gives always wins; an empty
/// variable counts as unset.
///
/// The variables never choose PostgreSQL over SQLite on their own: they only complete a
/// `postgres://` URL (from `--db`, `$PHOTOFEED_DB` or `$DATABASE_URL`). A value that cannot be
/// used is refused with a reason naming the variable, never showing `PGPASSWORD`.
///
/// ```swift
/// let location = try PostgresLocation(url: "postgres:///feed",
///                                     environment: ["PGHOST": "db.example", "PGUSER": "me"])
/// // postgres://me@db.example:5432/feed
/// ```
struct PostgresEnvironment {
    var values: [String: String]

    /// The variable's value, or nil when it is unset or empty.
    subscript(_ name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    /// `$PGHOST`: a host name or address; a socket directory (libpq's `/var/run/postgresql`)
    /// is refused, as this client connects over TCP only.
    func host() throws(PostgresEnvironmentError) -> String? {
        guard let host = self["PGHOST"] else { return nil }
        guard !host.hasPrefix("/") else {
            throw PostgresEnvironmentError("$PGHOST is '\(host)', a socket directory; photofeed connects over TCP: "
                                           + "give a host name or address")
        }
        return host
    }

    /// `$PGPORT`, from 1 to 65535.
    func port() throws(PostgresEnvironmentError) -> Int? {
        guard let text = self["PGPORT"] else { return nil }
        guard let port = Int(text), (1 ... 65_535).contains(port) else {
            throw PostgresEnvironmentError("$PGPORT must be a port from 1 to 65535, not '\(text)'")
        }
        return port
    }

    /// `$PGSSLMODE`, one of ``PostgresTLSMode``'s.
    func tls() throws(PostgresEnvironmentError) -> PostgresTLSMode? {
        guard let text = self["PGSSLMODE"] else { return nil }
        guard let mode = PostgresTLSMode(rawValue: text) else {
            throw PostgresEnvironmentError("$PGSSLMODE must be one of "
                                           + "\(PostgresTLSMode.allCases.map(\.rawValue).joined(separator: ", ")), not '\(text)'")
        }
        return mode
    }

    /// `$PGCONNECT_TIMEOUT`: whole seconds, 1 or more.
    func connectTimeout() throws(PostgresEnvironmentError) -> Int? {
        guard let text = self["PGCONNECT_TIMEOUT"] else { return nil }
        guard let seconds = Int(text), seconds >= 1 else {
            throw PostgresEnvironmentError("$PGCONNECT_TIMEOUT must be a whole number of seconds, 1 or more, not '\(text)'")
        }
        return seconds
    }
}

/// A libpq variable whose value cannot be used; the reason names it.
struct PostgresEnvironmentError: Error {
    var reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
