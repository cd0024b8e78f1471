import Foundation
import LayoutTestSupport
import StoreTestSupport
import Testing

/// The executable copied away from the repository runs every command with an empty
/// environment: the migrations, the curated seed set and the geocoder's cities are compiled
/// into it.
@Suite(.blockingWork, .serialized, .tags(.slow), .notInQuickRuns, .timeLimit(minutes: 10)) struct StandaloneExecutableTests {
    @Test func aCopiedExecutableMigratesSeedsAndServesTheFeedWithoutTheRepository() async throws {
        try #require(PhotoFeedProcess.isBuilt, "build the executable first: swift build (\(PhotoFeedProcess.executableURL.path))")
        // Given the executable alone in an empty folder, and no environment at all
        let directory = try FeedTestStore.temporaryDirectory()
        let executable = directory.appendingPathComponent("photofeed")
        try FileManager.default.copyItem(at: PhotoFeedProcess.executableURL, to: executable)
        func run(_ arguments: [String]) async throws -> PhotoFeedProcess.Result {
            try await PhotoFeedProcess.run(arguments, limit: .seconds(240), executable: executable, environment: [:],
                                           directory: directory)
        }

        // When it migrates, seeds the curated set and serves a feed page there
        let migrate = try await run(["migrate", "--format", "json"])
        let seed = try await run(["seed", "--format", "json"])
        let feed = try await run(["feed", "--width", "375", "--limit", "3", "--format", "json"])
        let jobs = try await run(["jobs", "--format", "json"])

        // Then every command succeeds on ./photofeed.sqlite, with the repository's migrations and seed set
        #expect(migrate.status == 0 && !migrate.timedOut, "\(migrate.standardError)")
        let migrations = try FileManager.default.contentsOfDirectory(atPath: FeedTestStore.migrationsDirectory.path)
            .filter { $0.hasSuffix(".sql") }.sorted().map { String($0.dropLast(4)) }
        let applied = try JSONSerialization.jsonObject(with: Data(migrate.standardOutput.utf8)) as? [String: Any]
        #expect(applied?["applied"] as? [String] == migrations)
        #expect(seed.status == 0 && !seed.timedOut, "\(seed.standardError)")
        let counts = try JSONSerialization.jsonObject(with: Data(seed.standardOutput.utf8)) as? [String: Int]
        let curatedPhotos = try String(contentsOf: FeedTestStore.projectRoot.appendingPathComponent("seed-data/photos.jsonl"),
                                       encoding: .utf8).split(separator: "\n").count
        #expect(counts?["photos"] == curatedPhotos)
        #expect((counts?["cities"] ?? 0) > 30_000)
        #expect(feed.status == 0 && !feed.timedOut, "\(feed.standardError)")
        let page = try JSONSerialization.jsonObject(with: Data(feed.standardOutput.utf8)) as? [String: Any]
        #expect((page?["items"] as? [Any])?.count == 3)
        #expect(jobs.status == 0, "\(jobs.standardError)")
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("photofeed.sqlite").path))
    }
}
