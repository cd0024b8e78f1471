import Foundation
import GRDB
import Testing
import LayoutTestSupport

/// `photofeed demo` end to end on the curated set in a temporary database: the first run
/// computes every cell at 3 widths × 2 scales and drains every sync job; a second run finds
/// everything done (idempotent seeding, cache hits, nothing pending).
@Suite(.blockingWork) struct DemoCommandTests {
    static func runJSON(_ arguments: [String]) async throws -> [String: Any] {
        let result = await CommandRunner.runAsync(arguments)
        #expect(result.status == 0, "\(result.err)")
        let text = try #require(result.out.last)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test(.tags(.slow), .notInQuickRuns) func demoFillsTheCacheDrainsTheJobsAndIsIdempotent() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("photofeed-demo-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = directory.appendingPathComponent("photofeed.sqlite").path

        // First run: every photo laid out at 320/375/414 × 2x/3x, every job applied.
        let first = try await Self.runJSON(["demo", "--db", db, "--format", "json"])
        let seed = try #require(first["seed"] as? [String: Any])
        let photos = try #require(seed["photos"] as? Int)
        #expect(photos == 2400)
        #expect(first["entries"] as? Int == photos * 6)
        #expect(first["stale"] as? Int == 0)
        #expect((first["sizeRanges"] as? [Any])?.count == 6)
        let precomputed = try #require(first["precomputed"] as? [String: Any])
        #expect(precomputed["computed"] as? Int == photos * 6)
        let sync = try #require(first["sync"] as? [String: Any])
        #expect(sync["pending"] as? Int == 0)
        #expect(sync["completed"] as? Int == seed["syncJobs"] as? Int)
        #expect((sync["relayouts"] as? Int ?? 0) > 0)
        // Images, avatars and geocodes change no height (the photo is always square, the avatar
        // 30 × 30, a location line fits the 50-high header); the comment feeds do, for the photos
        // with comments, at every cached width and scale.
        let heightChanges = try #require(sync["heightChanges"] as? Int)
        #expect(heightChanges > 0 && heightChanges % 6 == 0 && heightChanges <= photos * 6)

        // And every stored layout is one a cell links: the sync run deleted those its relayouts
        // unlinked (about half of them after a demo), and the report counts what is left
        let (stored, unlinked) = try await DatabaseQueue(path: db).read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM cell_layout") ?? -1,
             try Int.fetchOne(db, sql: """
                SELECT COUNT(*) FROM cell_layout
                WHERE (fingerprint, cell_kind, min_width, min_height, max_width, max_height, scale) NOT IN (
                    SELECT fingerprint, cell_kind, min_width, min_height, max_width, max_height, scale FROM layout_cache)
                """) ?? -1)
        }
        #expect(unlinked == 0 && stored > 0 && stored <= photos * 6)
        #expect(first["storedLayouts"] as? Int == stored)

        // Second run: nothing to migrate, seed or compute; no job left.
        let second = try await Self.runJSON(["demo", "--db", db, "--format", "json"])
        #expect((second["migrate"] as? [String: Any])?["applied"] as? [String] == [])
        #expect((second["precomputed"] as? [String: Any])?["computed"] as? Int == 0)
        #expect((second["sync"] as? [String: Any])?["completed"] as? Int == 0)
        #expect(second["entries"] as? Int == photos * 6)
        #expect(second["stale"] as? Int == 0)
    }
}
