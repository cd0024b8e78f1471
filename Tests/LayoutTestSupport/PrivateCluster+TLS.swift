import Foundation

extension PrivateCluster {
    /// Turns TLS on (`ssl = on`) with `certificate` and its `key` (PEM files, copied into the
    /// cluster's data folder, readable by the server's user only) and reloads the server: new
    /// sessions may then use TLS.
    public func enableTLS(certificate: URL, key: URL) throws {
        try Self.shell("""
            data=\(directory)/data; user="$(stat -c %U "$data")"
            install -m 600 -o "$user" \(certificate.path) "$data/server.crt"
            install -m 600 -o "$user" \(key.path) "$data/server.key"
            printf "ssl = on\\nssl_cert_file = 'server.crt'\\nssl_key_file = 'server.key'\\n" \\
                | photofeed_pg_as "$user" tee -a "$data/postgresql.conf" >/dev/null
            """)
        try pgCtl("--wait reload")
    }
}
