@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import StoreTestSupport
import LayoutTestSupport
import Testing

/// A large generated seed makes the secondary indexes after the rows: the schema it leaves is
/// the migrations' own, and the indexes hold every row.
@Suite(.blockingWork) struct SeedIndexTests {
    static func schema(_ store: FeedStore) throws -> [String] {
        try store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name")
                .map { "\($0["type"] as String) \($0["name"] as String) \($0["tbl_name"] as String) \($0["sql"] as String? ?? "")" }
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aGeneratedSeedLeavesTheMigratedSchema(kind: StoreKind) throws {
        let store = try StoreFixture.store(kind)
        let before = try Self.schema(store)
        #expect(before.contains { $0.hasPrefix("index photo_feed photo ") })
        try store.seedGenerated(count: 200, rngSeed: 3, seedDataDirectory: SmallSeed.directory())
        #expect(try Self.schema(store) == before)
        try store.writer.read { db in
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
            let indexed = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM photo INDEXED BY photo_feed WHERE uploaded_at > 0")
            #expect(indexed == 200)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aSeedNoLargerThanTheStoredPhotosWritesThroughTheIndexes(kind: StoreKind) throws {
        // Given 30 curated photos (a database holds one generated set, so the rows already
        // there are curated ones)
        let store = try StoreFixture.store(kind)
        let before = try Self.schema(store)
        try store.seedCurated(from: SmallSeed.directory(photos: 30))
        // When a generated seed of 20 goes on top, the indexes stay and take its rows in place
        try store.seedGenerated(count: 20, rngSeed: 3, seedDataDirectory: SmallSeed.directory())
        #expect(try Self.schema(store) == before)
        try store.writer.read { db in
            #expect(try String.fetchAll(db, sql: "PRAGMA integrity_check") == ["ok"])
            let indexed = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM photo INDEXED BY photo_feed WHERE uploaded_at > 0")
            #expect(indexed == 50)
        }
    }
}
