import Foundation
import GRDB
import LayoutTestSupport
import Testing
import StoreTestSupport

/// Exit status 75: another process holds the database's write lock beyond the busy timeout, and
/// the failed command leaves the database as it was.
@Suite(.blockingWork) struct BusyDatabaseTests {
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

/// `feed` and `layout show` only read a page whose layouts are cached (WAL readers), so another
/// process's write lock never holds them up.
@Suite(.blockingWork) struct ReadersWithABusyWriterTests {
    @Test func feedAndLayoutShowDoNotWaitForAWriter() throws {
        let db = try FeedTestStore.seededFile()
        #expect(CommandRunner.run(["feed", "--db", db, "--width", "375"]).status == 0)
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the lock must outlive one database access
        // A connection pool like the sync daemon's (its WAL file is not empty), in a write.
        let holder = try DatabasePool(path: db, configuration: configuration)
        try holder.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }
        defer { try? holder.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") } }

        let feed = CommandRunner.run(["feed", "--db", db, "--width", "375", "--busy-timeout", "0"])
        #expect(feed.status == 0, "\(feed.err)")
        #expect(feed.out.first == "feed at width 375, scale 2: 4 photos, 4 from the layout cache, 0 computed")
        let show = CommandRunner.run(["layout", "show", "--db", db, "--photo", "1", "--width", "375",
                                      "--format", "json", "--busy-timeout", "0"])
        #expect(show.status == 0, "\(show.err)")
    }

    @Test func theReportCountsWhatEachCommandRead() throws {
        let db = try FeedTestStore.seededFile()
        _ = CommandRunner.run(["feed", "--db", db, "--width", "375"])
        _ = CommandRunner.run(["feed", "--db", db, "--width", "375"])
        _ = CommandRunner.run(["layout", "show", "--db", db, "--photo", "1", "--width", "375", "--format", "json"])
        let report = CommandRunner.run(["layouts", "report", "--db", db, "--format", "json"])
        #expect(report.status == 0)
        let text = report.out.joined()
        #expect(text.contains("\"hits\":5") && text.contains("\"misses\":4"), "\(text)")
    }
}
