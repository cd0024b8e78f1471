import FeedModel
@testable import FeedStorePostgres
import LayoutTestSupport
import Testing

/// PostgreSQL URLs as libpq users write them, and the bad ones refused with a reason that never
/// shows the password.
@Suite(.blockingWork) struct PostgresLocationTests {
    @Test func libpqQueryItemsAndAnIPv6Host() throws {
        let location = try PostgresLocation(
            url: "postgres://me:s%40cret@[::1]:6543/feed?sslmode=verify-full&application_name=api%201&connect_timeout=3")
        #expect(location.host == "::1" && location.port == 6543 && location.username == "me")
        #expect(location.password == "s@cret" && location.database == "feed")
        #expect(location.tls == .verifyFull && location.applicationName == "api 1" && location.connectTimeout == 3)
        #expect(location.description == "postgres://me@[::1]:6543/feed?sslmode=verify-full&application_name=api 1&connect_timeout=3")

        let plain = try PostgresLocation(url: "postgresql://me@db.example/feed")
        #expect(plain.tls == .prefer && plain.connectTimeout == 10 && plain.applicationName == nil && plain.port == 5432)
        for mode in ["disable", "prefer", "require"] {
            #expect(try PostgresLocation(url: "postgres://me@h/feed?sslmode=\(mode)").tls.rawValue == mode)
        }
    }

    @Test(arguments: [
        ("postgres://me:pw@h:99999/feed", "port 99999 is not from 1 to 65535"),
        ("postgres://me:pw@h:abc/feed", "expected postgres://user@host:port/name, the port a number from 1 to 65535"),
        ("postgres://me:pw@h/", "no database name (postgres://user@host/name, or $PGDATABASE)"),
        ("postgres://h/feed", "no user name (postgres://user@host/name, or $PGUSER)"),
        ("postgres://me:pw@h/feed?sslmode=verify-ca", "sslmode must be one of disable, prefer, require, verify-full, not 'verify-ca'"),
        ("postgres://me:pw@h/feed?connect_timeout=0", "connect_timeout must be a whole number of seconds, 1 or more, not '0'"),
        ("postgres://me:pw@h/feed?sslmod=require", "unknown parameter 'sslmod'"),
        ("postgres://me:pw@h/feed?options=-x", "options must be settings written -c name=value, not '-x'"),
        ("postgres://me:pw@h/feed?options=-c%20statement_timeout%3Dsoon",
         "statement_timeout in options must be a time such as 30s or 500ms, not 'soon'"),
    ])
    func aBadURLSaysWhyWithoutItsPassword(url: String, reason: String) {
        let error = #expect(throws: PostgresLocationError.self) { try PostgresLocation(url: url) }
        #expect(error?.reason == reason)
        #expect(error?.description.contains("pw") == false)
    }

    /// libpq's `options`: the store's two time limits as durations, other settings as they are;
    /// `$PGOPTIONS` when the URL has none.
    @Test func optionsSetTheSessionLimitsAndOtherSettings() throws {
        let location = try PostgresLocation(url: "postgres://me@h/feed?sslrootcert=/etc/ca.pem&options="
            + "-c%20statement_timeout%3D5s%20--idle-in-transaction-session-timeout%3D2min%20-cwork_mem%3D8MB")
        #expect(location.statementTimeout == .seconds(5) && location.idleInTransactionTimeout == .seconds(120))
        #expect(location.serverSettings == ["work_mem": "8MB"] && location.sslRootCertificate == "/etc/ca.pem")
        #expect(location.callDeadline == .seconds(10))
        #expect(try PostgresLocation(url: location.description) == location)
        #expect(location.startupParameters().filter { ["statement_timeout", "work_mem"].contains($0.0) }.map { "\($0)=\($1)" }
            == ["statement_timeout=5000", "work_mem=8MB"])

        let unlimited = try PostgresLocation(url: "postgres://me@h/feed", environment: ["PGOPTIONS": "-c statement_timeout=0"])
        #expect(unlimited.statementTimeout == .zero && unlimited.callDeadline == nil)
        #expect(try PostgresLocation(url: "postgres://me@h/feed").callDeadline == .seconds(65))
    }

    @Test func theLibpqVariablesFillWhatTheURLLeavesOut() throws {
        let environment = [
            "PGHOST": "db.example", "PGPORT": "6543", "PGUSER": "envuser", "PGPASSWORD": "envpw",
            "PGDATABASE": "envdb", "PGSSLMODE": "require", "PGAPPNAME": "nightly", "PGCONNECT_TIMEOUT": "4",
        ]
        // Given a URL with nothing but its scheme, every part comes from the variables
        let filled = try PostgresLocation(url: "postgres://", environment: environment)
        #expect(filled == PostgresLocation(host: "db.example", port: 6543, username: "envuser", password: "envpw",
                                           database: "envdb", tls: .require, applicationName: "nightly",
                                           connectTimeout: 4))
        #expect(filled.description == "postgres://envuser@db.example:6543/envdb?sslmode=require&application_name=nightly"
            + "&connect_timeout=4")

        // And what the URL gives always wins
        let given = try PostgresLocation(
            url: "postgres://me:pw@h:5433/feed?sslmode=disable&application_name=api&connect_timeout=9",
            environment: environment)
        #expect(given == PostgresLocation(host: "h", port: 5433, username: "me", password: "pw", database: "feed",
                                          tls: .disable, applicationName: "api", connectTimeout: 9))

        // And without the variables nothing is filled
        #expect(try PostgresLocation(url: "postgres://me@h/feed", environment: [:]).password == nil)
        #expect(try PostgresLocation(url: "postgres:///feed", environment: ["PGHOST": "h", "PGUSER": "me"]).description
            == "postgres://me@h:5432/feed")
    }

    @Test(arguments: [
        (["PGPORT": "abc"], "$PGPORT must be a port from 1 to 65535, not 'abc'"),
        (["PGPORT": "99999"], "$PGPORT must be a port from 1 to 65535, not '99999'"),
        (["PGSSLMODE": "verify-ca"], "$PGSSLMODE must be one of disable, prefer, require, verify-full, not 'verify-ca'"),
        (["PGCONNECT_TIMEOUT": "0"], "$PGCONNECT_TIMEOUT must be a whole number of seconds, 1 or more, not '0'"),
        (["PGHOST": "/var/run/postgresql"],
         "$PGHOST is '/var/run/postgresql', a socket directory; photofeed connects over TCP: give a host name or address"),
    ])
    func aBadVariableIsNamedWithoutThePassword(environment: [String: String], reason: String) {
        let variables = environment.merging(["PGPASSWORD": "envpw"]) { given, _ in given }
        let error = #expect(throws: PostgresLocationError.self) {
            try PostgresLocation(url: "postgres://me:pw@h/feed", environment: variables)
        }
        #expect(error?.reason == reason)
        #expect(error?.description.contains("pw") == false)
    }
}
