import Foundation
import LayoutTestSupport
import Testing

/// The commands on both stores: the same curated data, seeded into a SQLite file and into a
/// PostgreSQL schema, gives the same output line for line (counts, frames, heights, cache
/// outcomes), in text and in JSON.
@Suite("Commands on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SameOutputTests {
    /// Runs a command on both stores and checks that it succeeded on each with the same output.
    @discardableResult
    static func same(_ arguments: [String], on stores: BothStores,
                     sourceLocation: SourceLocation = #_sourceLocation) async -> [String] {
        let (sqlite, postgres) = await stores.run(arguments)
        #expect(sqlite.status == 0, "\(arguments) on SQLite: \(sqlite)", sourceLocation: sourceLocation)
        #expect(postgres.status == 0, "\(arguments) on PostgreSQL: \(postgres)", sourceLocation: sourceLocation)
        #expect(sqlite.out == postgres.out, "\(arguments)", sourceLocation: sourceLocation)
        return sqlite.out
    }

    static func json(_ lines: [String]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(lines.joined().utf8)) as? [String: Any])
    }

    @Test func seedFeedLayoutsAndJobsPrintTheSame() async throws {
        let stores = try BothStores()
        // Each store applies its own migration files: both succeed, and a second run has none left.
        let (sqliteMigration, postgresMigration) = await stores.run(["migrate"])
        #expect(sqliteMigration.status == 0 && postgresMigration.status == 0, "\(postgresMigration)")
        let again = await stores.run(["migrate", "--format", "json"])
        #expect(try Self.json(again.sqlite.out)["applied"] as? [String] == [])
        #expect(try Self.json(again.postgres.out)["applied"] as? [String] == [])

        let seed = try Self.json(await Self.same(["seed", "--format", "json"], on: stores))
        #expect(seed["photos"] as? Int == 2_400)
        #expect(seed["syncJobs"] as? Int == 7_217)

        // A first page computes its 20 layouts, the same page again reads them from the cache.
        let first = try Self.json(await Self.same(["feed", "--width", "375", "--format", "json"], on: stores))
        let items = try #require(first["items"] as? [[String: Any]])
        #expect(items.count == 20)
        #expect(items.allSatisfy { $0["cache"] as? String == "miss" })
        let text = await Self.same(["feed", "--width", "375"], on: stores)
        #expect(text.first == "feed at width 375, scale 2: 20 photos, 20 from the layout cache, 0 computed")
        let next = try #require(first["next"] as? String)
        await Self.same(["feed", "--width", "320", "--scale", "3", "--limit", "50", "--after", next,
                         "--format", "json"], on: stores)

        let photo = try #require(items[3]["photoId"] as? Int)
        let line = await Self.same(["layout", "show", "--photo", "\(photo)", "--width", "414", "--format", "json"],
                                   on: stores)
        #expect(line.count == 1 && line[0].hasPrefix("{"))
        await Self.same(["layout", "show", "--photo", "\(photo)", "--width", "375", "--columns", "60"], on: stores)

        let report = try Self.json(await Self.same(["layouts", "report", "--format", "json"], on: stores))
        #expect(report["entries"] as? Int == 20 + 50 + 1)
        // The second page at 375 and the cell shown at 375 were read from the cache.
        #expect(report["hits"] as? Int == 20 + 1)
        await Self.same(["layouts", "report"], on: stores)

        let jobs = try Self.json(await Self.same(["jobs", "--format", "json"], on: stores))
        let counts = try #require(jobs["counts"] as? [String: [String: Int]])
        #expect(counts["image"]?["pending"] == 2_400)
        await Self.same(["jobs"], on: stores)
        // Two image jobs and an avatar job that failed for good: listed, then retried, the same way.
        try stores.execute("""
            UPDATE sync_job SET state = 'failed', attempts = 5, result = 'gave up: attempt 5 failed after 320 ms'
            WHERE (kind = 'image' AND target_id IN (2, 3)) OR (kind = 'avatar' AND target_id = 1)
            """)
        let failed = try Self.json(await Self.same(["jobs", "--format", "json"], on: stores))
        #expect(failed["failedTotal"] as? Int == 3)
        await Self.same(["jobs", "--limit", "2"], on: stores)
        let retried = try Self.json(await Self.same(["jobs", "retry", "--kind", "image", "--format", "json"],
                                                    on: stores))
        #expect(retried["retried"] as? Int == 2)
        await Self.same(["jobs", "retry"], on: stores)
        await Self.same(["jobs"], on: stores)
        let unknown = await stores.run(["jobs", "retry", "--id", "999999"])
        #expect(unknown.sqlite == unknown.postgres)
        #expect(unknown.postgres.status == 65 && unknown.postgres.err.count == 1, "\(unknown.postgres)")

        let session = await Self.same(["session", "--duration", "1", "--format", "json"], on: stores)
        #expect(session.joined().contains("\"jobsRequested\""))
    }

    /// `demo --format json` on both stores: the same report but for the migrations, which are
    /// each store's own files.
    static func sameDemo(on stores: BothStores) async throws -> [String: Any] {
        let (sqlite, postgres) = await stores.run(["demo", "--format", "json"])
        #expect(sqlite.status == 0 && postgres.status == 0, "\(sqlite)\n\(postgres)")
        var reports = try [sqlite, postgres].map { try json($0.out) }
        for index in reports.indices { #expect(reports[index].removeValue(forKey: "migrate") != nil) }
        let encoded = try reports.map { try JSONSerialization.data(withJSONObject: $0, options: .sortedKeys) }
        #expect(encoded[0] == encoded[1], "\(String(decoding: encoded[1], as: UTF8.self))")
        return reports[0]
    }

    @Test(.tags(.slow), .notInQuickRuns) func demoSyncsTheSameOnBoth() async throws {
        // The demo migrates, seeds, precomputes and runs the one-daemon sync on the virtual clock.
        let stores = try BothStores()
        let demo = try await Self.sameDemo(on: stores)
        let sync = try #require(demo["sync"] as? [String: Any])
        #expect(sync["completed"] as? Int ?? 0 > 7_000)
        #expect(sync["pending"] as? Int == 0)

        // Then the cache, the feed and the job queue read the same, and so do retries.
        await Self.same(["layouts", "report"], on: stores)
        await Self.same(["feed", "--width", "414", "--scale", "3", "--limit", "40", "--format", "json"], on: stores)
        let jobs = try Self.json(await Self.same(["jobs", "--format", "json"], on: stores))
        #expect(jobs["failedTotal"] as? Int == 0)
        await Self.same(["jobs"], on: stores)
        // A second demo changes nothing: its layouts are cache hits and no job is left.
        let second = try await Self.sameDemo(on: stores)
        #expect((second["sync"] as? [String: Any])?["completed"] as? Int == 0)
    }
}
