@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import StoreTestSupport
import LayoutTestSupport
import Testing

/// Seeding on SQLite: the same files twice leave the database byte for byte as once (its
/// snapshot), and the generator. The content versions and sync jobs a seed makes are the shared
/// suite's (`SharedContentVersionTests`, `SharedSeedJobTests`), on both stores.
@Suite(.blockingWork) struct SeedingTests {
    @Test(arguments: StoreKind.allCases)
    func seedingTheSameDataTwiceLeavesOneCopy(kind: StoreKind) throws {
        let store = try StoreFixture.store(kind)
        let directory = try SmallSeed.directory()
        let first = try store.seedCurated(from: directory)
        let snapshot = try StoreFixture.snapshot(store)
        let second = try store.seedCurated(from: directory)
        #expect(first == second)
        #expect(first == SeedCounts(users: 3, photos: 7, locations: 5, comments: 3, cities: 3, syncJobs: 3 + 7 + 5 + 7))
        #expect(try StoreFixture.snapshot(store) == snapshot)
    }

    @Test func generatingIsDeterministic() throws {
        let directory = try SmallSeed.directory()
        let a = try StoreFixture.store(.memory)
        let b = try StoreFixture.store(.memory)
        let c = try StoreFixture.store(.memory)
        let countsA = try a.seedGenerated(count: 300, rngSeed: 42, seedDataDirectory: directory)
        try b.seedGenerated(count: 300, rngSeed: 42, seedDataDirectory: directory)
        try c.seedGenerated(count: 300, rngSeed: 43, seedDataDirectory: directory)
        #expect(countsA.photos == 300 && countsA.users == 30 && countsA.cities == 3)
        #expect(countsA.comments > 300 && countsA.locations > 200)
        #expect(try StoreFixture.snapshot(a) == StoreFixture.snapshot(b))
        #expect(try StoreFixture.snapshot(a) != StoreFixture.snapshot(c))
        // And idempotent: seeding the same generation again changes nothing.
        let snapshot = try StoreFixture.snapshot(a)
        try a.seedGenerated(count: 300, rngSeed: 42, seedDataDirectory: directory)
        #expect(try StoreFixture.snapshot(a) == snapshot)
    }

    @Test func theCuratedSetIsBigAndVaried() throws {
        let store = try StoreFixture.store(.memory)
        let counts = try store.seedCurated(from: StoreFixture.seedDataDirectory)
        #expect(counts.users == 200 && counts.photos >= 2000 && counts.cities > 20_000)
        let captions = try store.writer.read { db in
            try String.fetchAll(db, sql: "SELECT title || ' ' || description FROM photo")
        }
        for sample in ["ü", "é", "α", "я", "の", "的", "🌅"] {
            #expect(captions.contains { $0.contains(sample) }, "no caption contains \(sample)")
        }
    }

    @Test func generatedRowsUseIDsAboveTheCuratedRange() throws {
        let store = try StoreFixture.store(.memory)
        try store.seedGenerated(count: 20, rngSeed: 1, seedDataDirectory: SmallSeed.directory())
        let ids = try store.writer.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM photo ORDER BY id") }
        #expect(ids == (1...20).map { SyntheticFeedGenerator.idBase + Int64($0) })
    }

    @Test func titleTemplatesFillEveryPlaceholderTheyName() {
        let words: [Substring: String] = ["adj": "golden", "subject": "harbour", "n": "12"]
        let fill = { (template: String) in SyntheticFeedGenerator.filling(template) { words[$0] } }
        #expect(fill("{adj} {subject}") == "golden harbour")
        #expect(fill("{n} {subject}s, {n} days, {x}") == "12 harbours, 12 days, {x}")
        #expect(fill("no placeholder {") == "no placeholder {")
        #expect(fill("") == "")
    }
}
