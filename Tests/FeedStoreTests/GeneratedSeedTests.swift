@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import StoreTestSupport
import LayoutTestSupport
import Testing

/// A database holds one generated set: the same count and seed again is idempotent, any other is
/// refused with a `SeedError` naming the database and changes nothing (no replaced rows, no
/// orphan location).
@Suite(.blockingWork) struct GeneratedSeedTests {
    static func generatedStore(_ kind: StoreKind, count: Int = 20, rngSeed: UInt64 = 1) throws
        -> (FeedStore, URL) {
        let store = try StoreFixture.store(kind)
        let directory = try SmallSeed.directory()
        try store.seedGenerated(count: count, rngSeed: rngSeed, seedDataDirectory: directory)
        return (store, directory)
    }

    @Test(arguments: StoreKind.allCases)
    func anotherSeedIsRefusedAndChangesNothing(kind: StoreKind) throws {
        // Given a database generated with --generate 20 --rng-seed 1
        let (store, directory) = try Self.generatedStore(kind)
        let before = try StoreFixture.snapshot(store)
        // When generating with another seed, Then it is refused, naming the database
        let error = try #require(throws: SeedError.self) {
            try store.seedGenerated(count: 20, rngSeed: 2, seedDataDirectory: directory)
        }
        #expect(error.file == store.writer.path)
        #expect(error.description.contains("holds the photos of --generate 20 --rng-seed 1; "
            + "--generate 20 --rng-seed 2 would replace rows with the same ids"))
        // And nothing changed
        #expect(try StoreFixture.snapshot(store) == before)
    }

    @Test func anotherCountWithTheSameSeedIsRefused() throws {
        let (store, directory) = try Self.generatedStore(.memory)
        let before = try StoreFixture.snapshot(store)
        #expect(throws: SeedError.self) { try store.seedGenerated(count: 30, rngSeed: 1, seedDataDirectory: directory) }
        #expect(throws: SeedError.self) { try store.seedGenerated(count: 10, rngSeed: 1, seedDataDirectory: directory) }
        #expect(try StoreFixture.snapshot(store) == before)
    }

    @Test func theSameCountAndSeedAgainChangesNothing() throws {
        let (store, directory) = try Self.generatedStore(.file)
        let before = try StoreFixture.snapshot(store)
        try store.seedGenerated(count: 20, rngSeed: 1, seedDataDirectory: directory)
        #expect(try StoreFixture.snapshot(store) == before)
        let recorded = try store.writer.read { db in try Row.fetchAll(db, sql: "SELECT * FROM generated_seed") }
        #expect(recorded.map(\.description) == [#"[id:1 photo_count:20 rng_seed:"1"]"#])
    }

    @Test func theCuratedSetSitsBesideAGeneratedSet() throws {
        let (store, directory) = try Self.generatedStore(.memory)
        let counts = try store.seedCurated(from: directory)
        #expect(counts.photos == 20 + 7)
        try store.seedGenerated(count: 20, rngSeed: 1, seedDataDirectory: directory)
        #expect(try store.counts() == counts)
    }

    @Test func generatedRowsWithoutARecordAreRefused() throws {
        // Given generated rows whose count and seed were not recorded
        let (store, directory) = try Self.generatedStore(.memory)
        try store.writer.write { db in try db.execute(sql: "DELETE FROM generated_seed") }
        // Then even the same options are refused: nothing says they are the same
        let error = try #require(throws: SeedError.self) {
            try store.seedGenerated(count: 20, rngSeed: 1, seedDataDirectory: directory)
        }
        #expect(error.message.hasPrefix("holds generated photos of an unrecorded --generate and --rng-seed"))
    }

    @Test func aSeedAboveInt64MaxIsRecordedExactly() throws {
        let (store, directory) = try Self.generatedStore(.memory, count: 5, rngSeed: .max)
        try store.seedGenerated(count: 5, rngSeed: .max, seedDataDirectory: directory)
        #expect(throws: SeedError.self) {
            try store.seedGenerated(count: 5, rngSeed: .max - 1, seedDataDirectory: directory)
        }
    }
}
