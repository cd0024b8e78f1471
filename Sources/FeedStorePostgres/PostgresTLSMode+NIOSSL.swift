import NIOSSL
import PostgresNIO

/// A ``PostgresTLSMode`` as postgres-nio's settings: `prefer` and `require` encrypt without
/// checking the server's certificate, as libpq does; `verify-full` checks it against the system's
/// trust roots and the host name.
extension PostgresTLSMode {
    /// The pool's setting.
    var clientTLS: PostgresClient.Configuration.TLS {
        switch self {
        case .disable: .disable
        case .prefer: .prefer(Self.unverified)
        case .require: .require(Self.unverified)
        case .verifyFull: .require(.makeClientConfiguration())
        }
    }

    /// A single connection's setting (the change watcher's).
    func connectionTLS() throws -> PostgresConnection.Configuration.TLS {
        switch self {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: Self.unverified))
        case .require: .require(try NIOSSLContext(configuration: Self.unverified))
        case .verifyFull: .require(try NIOSSLContext(configuration: .makeClientConfiguration()))
        }
    }

    /// Encryption without a certificate check (libpq's `prefer` and `require`).
    private static var unverified: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        return configuration
    }
}
