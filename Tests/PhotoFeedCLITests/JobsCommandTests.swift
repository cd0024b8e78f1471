import FeedModel
@_spi(SQLiteAccess) import FeedStore
import Foundation
import GRDB
import StoreTestSupport
import LayoutTestSupport
import Testing

/// `photofeed jobs` and `photofeed jobs retry`, in-process on the four-photo test feed.
@Suite(.blockingWork) struct JobsCommandTests {
    /// A database whose image jobs of photos 2 and 3 failed for good, every other job done.
    static func databaseWithFailures() throws -> (path: String, failedIDs: [Int64]) {
        let path = try FeedTestStore.seededFile()
        let store = try FeedStore(path: path, migrationsDirectory: FeedTestStore.migrationsDirectory)
        let ids = try store.writer.write { db in
            try db.execute(sql: "UPDATE sync_job SET state = 'done', attempts = 1")
            try db.execute(sql: """
                UPDATE sync_job SET state = 'failed', attempts = 5, result = 'gave up: attempt 5 timed out after 5000 ms'
                WHERE kind = 'image' AND target_id IN (2, 3)
                """)
            return try Int64.fetchAll(db, sql: "SELECT id FROM sync_job WHERE state = 'failed' ORDER BY id")
        }
        return (path, ids)
    }

    /// The lines of `photofeed ARGUMENTS`' standard output.
    static func lines(_ arguments: [String]) -> (lines: [String], err: [String], status: Int32) {
        let result = CommandRunner.run(arguments)
        return (result.out.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init), result.err, result.status)
    }

    static func states(_ path: String) throws -> [String: Int] {
        let store = try FeedStore(path: path, migrationsDirectory: FeedTestStore.migrationsDirectory)
        return try store.writer.read { db in
            try Dictionary(uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT state, COUNT(*) FROM sync_job GROUP BY 1")
                .map { ($0[0] as String, $0[1] as Int) })
        }
    }

    @Test func listsCountsByKindAndStateAndTheFailedJobs() throws {
        let (path, ids) = try Self.databaseWithFailures()
        let result = Self.lines(["jobs", "--db", path])
        #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
        #expect(result.lines.first == "Jobs")
        #expect(result.lines.contains { $0.split(separator: " ") == ["kind", "pending", "running", "done", "failed", "total"] })
        let image = try #require(result.lines.first { $0.hasPrefix("  image") })
        #expect(image.split(separator: " ").map(String.init) == ["image", "0", "0", "2", "2", "4"])
        #expect(result.lines.contains("Failed jobs"))
        for id in ids {
            #expect(result.lines.contains { $0.contains(" \(id)  image") && $0.hasSuffix("gave up: attempt 5 timed out after 5000 ms") })
        }
        // `jobs list` is the same command.
        #expect(Self.lines(["jobs", "list", "--db", path]).lines == result.lines)
    }

    @Test func listsAsJSON() throws {
        let (path, ids) = try Self.databaseWithFailures()
        let result = CommandRunner.run(["jobs", "--db", path, "--format", "json"])
        #expect(result.status == 0 && result.out.count == 1, "\(result.err)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.out[0].utf8)) as? [String: Any])
        let counts = try #require(json["counts"] as? [String: [String: Int]])
        #expect(counts["image"] == ["pending": 0, "running": 0, "done": 2, "failed": 2])
        #expect(Set(counts.keys).isSuperset(of: ["image", "avatar", "geocode"]))
        #expect(json["failedTotal"] as? Int == 2)
        let failed = try #require(json["failed"] as? [[String: Any]])
        #expect(failed.map { $0["id"] as? Int64 } == ids.map { $0 })
        #expect(failed.allSatisfy { $0["kind"] as? String == "image" && $0["attempts"] as? Int == 5 })
        #expect(failed.map { $0["targetId"] as? Int } == [2, 3])
        #expect(failed.allSatisfy { ($0["lastError"] as? String)?.hasPrefix("gave up") == true })
    }

    @Test func limitShortensTheFailedList() throws {
        let (path, _) = try Self.databaseWithFailures()
        let result = Self.lines(["jobs", "--db", path, "--limit", "1"])
        #expect(result.lines.contains("Failed jobs (1 of 2; --limit shows more)"))
        #expect(result.lines.filter { $0.hasSuffix("timed out after 5000 ms") }.count == 1)
        #expect(CommandRunner.run(["jobs", "--db", path, "--limit", "0"]).status == 64)
    }

    @Test func noFailedJobs() throws {
        let path = try FeedTestStore.seededFile()
        let result = Self.lines(["jobs", "--db", path])
        #expect(result.status == 0 && result.lines.last == "No failed jobs.")
    }

    @Test func retryMakesFailedJobsPending() throws {
        let (path, ids) = try Self.databaseWithFailures()
        let result = CommandRunner.run(["jobs", "retry", "--db", path, "--kind", "image", "--format", "json"])
        #expect(result.status == 0 && result.err.isEmpty, "\(result.err)")
        #expect(result.out == [#"{"ids":[\#(ids[0]),\#(ids[1])],"retried":2}"#])
        #expect(try Self.states(path)["failed"] == nil)
        #expect(try Self.states(path)["pending"] == 2)
        let again = CommandRunner.run(["jobs", "retry", "--db", path])
        #expect(again.status == 0 && again.out == ["No failed job matched; nothing to retry."])
    }

    @Test func retryOneJobByID() throws {
        let (path, ids) = try Self.databaseWithFailures()
        let result = CommandRunner.run(["jobs", "retry", "--db", path, "--id", "\(ids[1])"])
        #expect(result.status == 0 && result.out == ["Retried 1 failed job; `photofeed sync` runs them."])
        #expect(try Self.states(path)["failed"] == 1)
    }

    @Test func anUnknownIDIsBadDataAndChangesNothing() throws {
        let (path, _) = try Self.databaseWithFailures()
        let result = CommandRunner.run(["jobs", "retry", "--db", path, "--id", "424242"])
        #expect(result.status == 65)
        #expect(result.err == ["error: no sync job with id 424242 in the database"])
        #expect(try Self.states(path)["failed"] == 2)
    }

    @Test func anUnknownKindIsBadUsage() throws {
        let (path, _) = try Self.databaseWithFailures()
        let result = CommandRunner.run(["jobs", "retry", "--db", path, "--kind", "thumbnail"])
        #expect(result.status == 64)
        #expect(result.err.joined().contains("--kind must be one of") && result.err.joined().contains("thumbnail"))
        #expect(try Self.states(path)["failed"] == 2)
    }
}
