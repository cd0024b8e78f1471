@testable import FeedModel
@testable import FeedStore
import Foundation
import GRDB
import StoreTestSupport
import LayoutTestSupport
import Testing

/// What the feed's pages do on SQLite alone: a cursor outlives its photo's delete (PostgreSQL has
/// no named writes), and cursors encode and refuse garbage. Paging itself runs on both stores
/// (`SharedFeedQueryTests`).
@Suite(.blockingWork) struct FeedQueryTests {
    static func seeded(_ kind: StoreKind) throws -> FeedStore {
        let store = try StoreFixture.store(kind)
        try store.seedCurated(from: SmallSeed.directory())
        return store
    }

    @Test(arguments: StoreKind.allCases)
    func aCursorFromADeletedPhotoStillContinues(kind: StoreKind) throws {
        let store = try Self.seeded(kind)
        let first = try store.feedPage(limit: 3)
        #expect(first.items.map(\.photo.id) == [7, 6, 5])
        #expect(try store.deletePhoto(id: 5))
        let second = try store.feedPage(after: first.next, limit: 3)
        #expect(second.items.map(\.photo.id) == [4, 3, 2])
        let encoded = try #require(first.next).encoded
        #expect(try store.feedPage(after: FeedCursor(encoded: encoded), limit: 3) == second)
    }

    @Test func cursorsRoundTripAndRejectGarbage() throws {
        let cursor = FeedCursor(uploadedAt: 1_704_067_620_000, id: 42)
        #expect(try FeedCursor(encoded: cursor.encoded) == cursor)
        #expect(!cursor.encoded.contains("="))
        for garbage in ["", "abc", "djE6eDo0Mg", FeedCursor(uploadedAt: 1, id: 2).encoded + "x"] {
            #expect(throws: FeedCursorError(cursor: garbage)) { try FeedCursor(encoded: garbage) }
        }
    }
}
