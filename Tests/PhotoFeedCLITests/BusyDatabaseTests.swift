import Foundation
import GRDB
import Testing
import StoreTestSupport

/// Exit status 75: another process holds the database's write lock beyond the busy timeout, and
/// the failed command leaves the database as it was.
@Suite struct BusyDatabaseTests {
    @Test func aWriterBlockedBeyondTheBusyTimeoutExitsWith75() throws {
        // Given a seeded database whose write lock another connection holds
        let db = try FeedTestStore.seededFile()
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the lock must outlive one database access
        let holder = try DatabaseQueue(path: db, configuration: configuration)
        let photosBefore = try holder.read { try Int.fetchOne($0, sql: "SELECT count(*) FROM photo") }
        try holder.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
        defer { try? holder.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") } }

        // When a command that writes runs with a short busy timeout
        let result = CommandRunner.run(["seed", "--db", db, "--generate", "5", "--busy-timeout", "0.2"])

        // Then it fails with 75 and nothing was written
        #expect(result.status == 75)
        let photosAfter = try DatabaseQueue(path: db).read { try Int.fetchOne($0, sql: "SELECT count(*) FROM photo") }
        #expect(photosAfter == photosBefore)
    }

    @Test func aNegativeBusyTimeoutIsAUsageError() throws {
        let db = try FeedTestStore.seededFile()
        let result = CommandRunner.run(["layouts", "report", "--db", db, "--busy-timeout", "-1"])
        #expect(result.status == 64)
    }
}
