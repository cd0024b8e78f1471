import FeedModel
@testable import FeedStorePostgres
import Foundation
import LayoutTestSupport
import Synchronization
import Testing

/// `sslmode` against a server with TLS: a cluster of the test's own with `ssl = on` and a
/// certificate signed by a throwaway authority the test makes. `verify-full` with that authority
/// as `sslrootcert` connects over TLS; `require` does too, checking nothing; `verify-full`
/// against a certificate for another host name is refused with one line.
@Suite("PostgreSQL over TLS", .blockingWork, .serialized, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10))
struct PostgresTLSTests {
    /// Whether the store's own session runs over TLS, as the server sees it.
    static func sessionUsesTLS(_ store: PostgresFeedStore) async throws -> Bool {
        try await store.withSession { session in
            try await session.query("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()")
                .rows.map { try $0.decode(Bool.self) }.first ?? false
        }
    }

    /// A cluster with TLS on and a certificate for `names`, and the authority that signed it.
    static func tlsCluster(names: [String]) throws -> (PrivateCluster, TestCertificates) {
        let cluster = try PrivateCluster.start()
        do {
            let certificates = try TestCertificates.make(
                in: URL(fileURLWithPath: cluster.directory).appendingPathComponent("certificates"), names: names)
            try cluster.enableTLS(certificate: certificates.certificate, key: certificates.key)
            return (cluster, certificates)
        } catch {
            cluster.stop()
            throw error
        }
    }

    @Test func verifyFullWithTheAuthorityAsRootAndRequireConnectOverTLS() async throws {
        let (cluster, certificates) = try Self.tlsCluster(names: ["DNS:localhost", "IP:127.0.0.1"])
        defer { cluster.stop() }
        for host in ["127.0.0.1", "localhost"] {
            var location = try PostgresLocation(
                url: cluster.url + "?sslmode=verify-full&sslrootcert=\(certificates.authority.path)")
            location.host = host
            let store = try PostgresFeedStore(location: location, migrationsDirectory: StoreFactory.postgresMigrations,
                                              reconnect: .none)
            #expect(try await Self.sessionUsesTLS(store), "verify-full to \(host)")
        }

        // The authority given as $PGSSLROOTCERT instead
        let fromVariable = try PostgresLocation(url: cluster.url + "?sslmode=verify-full",
                                                environment: ["PGSSLROOTCERT": certificates.authority.path])
        #expect(fromVariable.sslRootCertificate == certificates.authority.path)
        let viaVariable = try PostgresFeedStore(location: fromVariable,
                                                migrationsDirectory: StoreFactory.postgresMigrations, reconnect: .none)
        #expect(try await Self.sessionUsesTLS(viaVariable))

        // require encrypts without checking the certificate
        let required = try PostgresFeedStore(location: try PostgresLocation(url: cluster.url + "?sslmode=require"),
                                             migrationsDirectory: StoreFactory.postgresMigrations, reconnect: .none)
        #expect(try await Self.sessionUsesTLS(required))
    }

    @Test func verifyFullRefusesACertificateForAnotherHost() async throws {
        try #require(WorkerProcess.isBuilt, "build first: swift build (\(WorkerProcess.executable.path))")
        let (cluster, certificates) = try Self.tlsCluster(names: ["DNS:db.elsewhere.example"])
        defer { cluster.stop() }
        let url = cluster.url + "?sslmode=verify-full&sslrootcert=\(certificates.authority.path)"

        let run = try await WorkerProcess.run(["sync", "--until-idle", "--db", url])
        print("verify-full, another host's certificate: exit \(String(describing: run.status)): \(run.errors)")
        #expect(run.status == 75, "\(run.errors)")
        let lines = run.errors.split(separator: "\n")
        #expect(lines.count == 1, "\(run.errors)")
        let line = String(lines.first ?? "")
        #expect(line.hasPrefix("error: cannot reach the PostgreSQL database \(try PostgresLocation(url: url))"), "\(line)")
        #expect(line.hasSuffix("the server's certificate does not name 127.0.0.1 (sslmode=verify-full)"), "\(line)")

        // Refused at once: a certificate that fails its check is not tried again. The store's
        // policy is the standard one but counts its waits instead of sleeping, so a retry is told
        // by its count, not by the time it takes (which a loaded or sanitized run stretches).
        let waits = Mutex(0)
        let counted = ReconnectPolicy(delays: ReconnectPolicy.standard.delays, budget: ReconnectPolicy.standard.budget) { _ in
            waits.withLock { $0 += 1 }
        }
        for (location, refusal) in [(try PostgresLocation(url: url), "does not name 127.0.0.1"),
                                    // without the authority as root, verify-full trusts the system's roots only
                                    (try PostgresLocation(url: cluster.url + "?sslmode=verify-full"), "failed verification")] {
            let error = #expect(throws: PostgresStoreError.self) {
                _ = try PostgresFeedStore(location: location, migrationsDirectory: StoreFactory.postgresMigrations,
                                          reconnect: counted)
            }
            #expect("\(error.map { "\($0)" } ?? "")".contains("the server's certificate \(refusal)"), "\(String(describing: error))")
        }
        #expect(waits.withLock { $0 } == 0)
    }
}
