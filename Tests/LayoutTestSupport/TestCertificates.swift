import Foundation

/// A throwaway certificate authority and a server certificate it signed, made with `openssl` in
/// `directory`: for a TLS server of the test's own (``PrivateCluster/enableTLS(certificate:key:)``).
public struct TestCertificates: Sendable {
    /// The authority's certificate (PEM): what a client trusts (libpq's `sslrootcert`).
    public let authority: URL
    /// The server's certificate and key (PEM).
    public let certificate: URL
    public let key: URL

    /// Makes the authority and a certificate for `names` (`DNS:localhost`, `IP:127.0.0.1`, the
    /// subject alternative names a client checks the host against).
    public static func make(in directory: URL, names: [String]) throws -> TestCertificates {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.path
        try PrivateCluster.shell("""
            cd \(path)
            openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=photofeed-test-ca \
                -keyout ca.key -out ca.crt 2>/dev/null
            openssl req -newkey rsa:2048 -nodes -subj /CN=photofeed-test-server \
                -keyout server.key -out server.csr 2>/dev/null
            printf 'subjectAltName=%s\\n' '\(names.joined(separator: ","))' > server.ext
            openssl x509 -req -in server.csr -CA ca.crt -CAkey ca.key -CAcreateserial -days 2 \
                -extfile server.ext -out server.crt 2>/dev/null
            chmod 644 ca.crt server.crt
            """)
        return TestCertificates(authority: directory.appendingPathComponent("ca.crt"),
                                certificate: directory.appendingPathComponent("server.crt"),
                                key: directory.appendingPathComponent("server.key"))
    }
}
