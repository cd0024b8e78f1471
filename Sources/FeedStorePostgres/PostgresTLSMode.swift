/// How a connection uses TLS: libpq's `sslmode`, of which PhotoFeed takes the four that decide
/// something (`allow` and `verify-ca` are refused as unknown).
public enum PostgresTLSMode: String, Sendable, Hashable, CaseIterable {
    /// Plain TCP.
    case disable
    /// TLS when the server offers it, else plain (libpq's default).
    case prefer
    /// TLS, without checking the server's certificate (libpq's `require`).
    case require
    /// TLS with the server's certificate checked against the system's trust roots and its name.
    case verifyFull = "verify-full"
}
