@testable import FeedStorePostgres
import Foundation
import LayoutTestSupport
import Testing

/// A PostgreSQL database or role that the server does not have: one line saying which, on which
/// server, and the command that creates it; exit 66 (no database where the command needs one).
@Suite("A PostgreSQL database or role that does not exist", .blockingWork, .timeLimit(minutes: 10))
struct MissingServerDatabaseTests {
    /// The test cluster's URL with another user or database.
    static func url(user: String? = nil, database: String? = nil) throws -> (url: String, cluster: PostgresLocation) {
        _ = try BothStores()  // registers the PostgreSQL backend; fails without the cluster
        let cluster = try PostgresLocation(url: ProcessInfo.processInfo.environment["PHOTOFEED_TEST_POSTGRES_URL"] ?? "")
        let url = "postgres://\(user ?? cluster.username):hunter2@\(cluster.host):\(cluster.port)/"
            + (database ?? cluster.database)
        return (url, cluster)
    }

    @Test(arguments: [["layouts", "report"], ["migrate"], ["seed"]])
    func aMissingDatabaseSaysHowToCreateIt(_ command: [String]) async throws {
        let (url, cluster) = try Self.url(database: "no_such_feed")
        let result = await BothStores.run(command + ["--db", url])
        let server = "\(cluster.host):\(cluster.port)"
        #expect(result.status == 66)
        #expect(result.out.isEmpty)
        #expect(result.err == [
            "error: the PostgreSQL database \"no_such_feed\" does not exist on \(server) "
                + "(postgres://\(cluster.username)@\(server)/no_such_feed); create it with: createdb -h \(cluster.host) "
                + "-p \(cluster.port) -O \(cluster.username) no_such_feed (as a role allowed to create databases)",
        ])
    }

    @Test func aMissingRoleSaysHowToCreateIt() async throws {
        let (url, cluster) = try Self.url(user: "no_such_role")
        let result = await BothStores.run(["layouts", "report", "--db", url])
        let server = "\(cluster.host):\(cluster.port)"
        #expect(result.status == 66)
        #expect(result.err == [
            "error: the PostgreSQL role \"no_such_role\" does not exist on \(server) "
                + "(postgres://no_such_role@\(server)/\(cluster.database)); create it with: createuser "
                + "-h \(cluster.host) -p \(cluster.port) --login no_such_role (as a role allowed to create roles)",
        ])
    }

    @Test func namesAreQuotedForTheShell() {
        #expect(PostgresMissingObject.quoted("feed_1") == "feed_1")
        #expect(PostgresMissingObject.quoted("my feed") == "'my feed'")
        #expect(PostgresMissingObject.quoted("it's") == #"'it'\''s'"#)
    }
}
