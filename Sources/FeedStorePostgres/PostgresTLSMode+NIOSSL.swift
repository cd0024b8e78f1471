import NIOSSL
import PostgresNIO

/// A ``PostgresTLSMode`` as postgres-nio's settings: `prefer` and `require` encrypt without
/// checking the server's certificate, as libpq does; `verify-full` checks it against the system's
/// trust roots, or the certificates of the URL's `sslrootcert` (a PEM file), and the host name.
extension PostgresTLSMode {
    /// The pool's setting.
    func clientTLS(rootCertificates: String?) -> PostgresClient.Configuration.TLS {
        switch self {
        case .disable: .disable
        case .prefer: .prefer(Self.unverified)
        case .require: .require(Self.unverified)
        case .verifyFull: .require(Self.verified(rootCertificates))
        }
    }

    /// A single connection's setting (the change watcher's, the server probes').
    func connectionTLS(rootCertificates: String?) throws -> PostgresConnection.Configuration.TLS {
        switch self {
        case .disable: .disable
        case .prefer: .prefer(try NIOSSLContext(configuration: Self.unverified))
        case .require: .require(try NIOSSLContext(configuration: Self.unverified))
        case .verifyFull: .require(try NIOSSLContext(configuration: Self.verified(rootCertificates)))
        }
    }

    /// Encryption without a certificate check (libpq's `prefer` and `require`).
    private static var unverified: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .none
        return configuration
    }

    /// Encryption with the certificate and host name checked, against `rootCertificates` (a PEM
    /// file) when given, else the system's trust roots.
    private static func verified(_ rootCertificates: String?) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let rootCertificates { configuration.trustRoots = .file(rootCertificates) }
        return configuration
    }
}
