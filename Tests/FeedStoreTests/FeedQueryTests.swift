@testable import FeedModel
@testable import FeedStore
import Foundation
import GRDB
import Testing

@Suite struct FeedQueryTests {
    /// Feed order of the small set: newest first; photos 3 and 4 share a second, so id breaks the tie.
    static let order: [Int64] = [7, 6, 5, 4, 3, 2, 1]

    static func seeded(_ kind: StoreKind) throws -> FeedStore {
        let store = try StoreFixture.store(kind)
        try store.seedCurated(from: StoreFixture.smallSeedDirectory())
        return store
    }

    @Test(arguments: StoreKind.allCases)
    func anEmptyDatabaseGivesAnEmptyLastPage(kind: StoreKind) throws {
        let page = try StoreFixture.store(kind).feedPage(limit: 20)
        #expect(page.items.isEmpty)
        #expect(page.next == nil)
    }

    @Test(arguments: StoreKind.allCases, [1, 2, 3, 7, 8])
    func pagesWalkTheWholeFeedNewestFirst(kind: StoreKind, limit: Int) throws {
        let store = try Self.seeded(kind)
        var ids: [Int64] = []
        var cursor: FeedCursor?
        var pages = 0
        repeat {
            let page = try store.feedPage(after: cursor, limit: limit)
            #expect(page.items.count <= limit)
            ids += page.items.map(\.photo.id)
            cursor = page.next
            pages += 1
        } while cursor != nil
        #expect(ids == Self.order)
        #expect(pages == (Self.order.count + limit - 1) / limit)
    }

    @Test(arguments: StoreKind.allCases)
    func theLastFullPageHasNoNext(kind: StoreKind) throws {
        let store = try Self.seeded(kind)
        let page = try store.feedPage(limit: 7)
        #expect(page.items.count == 7)
        #expect(page.next == nil)
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

    @Test(arguments: StoreKind.allCases)
    func itemsCarryOwnerLocationAndCommentCount(kind: StoreKind) throws {
        let store = try Self.seeded(kind)
        let items = try store.feedPage(limit: 7).items
        let six = try #require(items.first { $0.photo.id == 6 })
        #expect(six.owner.id == 1 && six.owner.username == "user1")
        #expect(six.location == nil)
        #expect(six.commentCount == 1)
        let seven = try #require(items.first)
        #expect(seven.location?.latitude == 52.52 && seven.location?.longitude == 13.7)
        #expect(seven.commentCount == 0)
        #expect(seven.photo.title == "東京 7 🌸")
        #expect(seven.photo.uploadedAt == 1_704_067_620_000)
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
