import Foundation
import PhotoFeedCLI
import LayoutTestSupport
import Testing
import StoreTestSupport

/// A command whose output is lost (74) leaves the database as it was: the layouts `feed` and
/// `layout show` compute, and the layout cache's hit counts, are written only after their output
/// went out.
@Suite(.blockingWork) struct LostOutputLeavesTheDatabaseTests {
    /// The layout cache's report's `fields`, as `layouts report` gives them.
    static func report(_ db: String, _ fields: [String]) async throws -> [Int] {
        let report = await CommandRunner.runAsync(["layouts", "report", "--db", db, "--format", "json"])
        try #require(report.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(report.out.joined().utf8)) as? [String: Any]
        return try fields.map { try #require(json?[$0] as? Int) }
    }

    static func hits(_ db: String) async throws -> Int {
        try await report(db, ["hits"])[0]
    }

    @Test(arguments: [
        ["feed", "--width", "375", "--format", "json"],
        ["feed", "--width", "375"],
        ["layout", "show", "--photo", "1", "--width", "375"],
        ["layout", "show", "--photo", "1", "--width", "375", "--format", "json"],
    ])
    func hitsAreNotCountedWhenTheOutputIsLost(command: [String]) async throws {
        // Given a database whose layouts at 375 pt are cached
        let db = try FeedTestStore.seededFile()
        let warm = await CommandRunner.runAsync(command + ["--db", db])
        #expect(warm.status == 0)
        let before = try await Self.hits(db)

        // When the command's output goes to a full device
        let lost = try await OutputFailureTests.runIntoFullDevice(command + ["--db", db])
        #expect(lost.status == 74)

        // Then the hits it read are not counted
        #expect(try await Self.hits(db) == before)
        // while a run whose output arrives counts them
        let shown = await CommandRunner.runAsync(command + ["--db", db])
        #expect(shown.status == 0)
        #expect(try await Self.hits(db) == before + (command[0] == "feed" ? 4 : 1))
    }

    @Test(arguments: [
        ["feed", "--width", "375", "--format", "json"],
        ["layout", "show", "--photo", "1", "--width", "375"],
    ])
    func layoutsAreNotStoredWhenTheOutputIsLost(command: [String]) async throws {
        // Given a database with no layout cached
        let db = try FeedTestStore.seededFile()
        let before = try await Self.report(db, ["entries", "misses"])

        // When a cold command's output goes to a full device
        let lost = try await OutputFailureTests.runIntoFullDevice(command + ["--db", db])
        #expect(lost.status == 74)

        // Then it stored nothing, while a run whose output arrives stores its layouts
        #expect(try await Self.report(db, ["entries", "misses"]) == before)
        let shown = await CommandRunner.runAsync(command + ["--db", db])
        #expect(shown.status == 0)
        let count = command[0] == "feed" ? 4 : 1
        #expect(try await Self.report(db, ["entries", "misses"]) == [before[0] + count, before[1] + count])
    }
}
