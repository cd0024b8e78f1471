import FeedModel
import FeedStorePostgres
import Testing

/// PostgreSQL URLs as libpq users write them, and the bad ones refused with a reason that never
/// shows the password.
@Suite struct PostgresLocationTests {
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
        ("postgres://me:pw@h/", "no database name (postgres://user@host/name)"),
        ("postgres://h/feed", "no user name (postgres://user@host/name)"),
        ("postgres://me:pw@h/feed?sslmode=verify-ca", "sslmode must be one of disable, prefer, require, verify-full, not 'verify-ca'"),
        ("postgres://me:pw@h/feed?connect_timeout=0", "connect_timeout must be a whole number of seconds, 1 or more, not '0'"),
        ("postgres://me:pw@h/feed?sslmod=require", "unknown parameter 'sslmod'"),
    ])
    func aBadURLSaysWhyWithoutItsPassword(url: String, reason: String) {
        let error = #expect(throws: PostgresLocationError.self) { try PostgresLocation(url: url) }
        #expect(error?.reason == reason)
        #expect(error?.description.contains("pw") == false)
    }
}
