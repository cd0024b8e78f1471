import FeedModel
import Foundation
import StoreTestSupport
import LayoutTestSupport
import Testing

/// The feed's pages on both stores: newest first, ties by id, keyset pagination to the end, and
/// each item with its owner, location and comment count.
@Suite("Feed pages on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedFeedQueryTests {
    /// Feed order of the small set: newest first; photos 3 and 4 share a second, so id breaks the tie.
    static let order: [Int64] = [7, 6, 5, 4, 3, 2, 1]

    static func seeded(_ backend: StoreBackend) throws -> StoreUnderTest {
        let store = try StoreFactory.make(backend)
        try store.seeding.seedCurated(from: SmallSeed.directory(), progress: nil)
        return store
    }

    @Test(arguments: StoreBackend.allCases)
    func anEmptyDatabaseGivesAnEmptyLastPage(_ backend: StoreBackend) throws {
        let page = try StoreFactory.make(backend).reading.feedPage(after: nil, limit: 20)
        #expect(page.items.isEmpty)
        #expect(page.next == nil)
    }

    @Test(arguments: StoreBackend.allCases, [1, 2, 3, 7, 8])
    func pagesWalkTheWholeFeedNewestFirst(_ backend: StoreBackend, limit: Int) throws {
        let store = try Self.seeded(backend)
        var ids: [Int64] = []
        var cursor: FeedCursor?
        var pages = 0
        repeat {
            let page = try store.reading.feedPage(after: cursor, limit: limit)
            #expect(page.items.count <= limit)
            ids += page.items.map(\.photo.id)
            cursor = page.next
            pages += 1
        } while cursor != nil
        #expect(ids == Self.order)
        #expect(pages == (Self.order.count + limit - 1) / limit)
    }

    @Test(arguments: StoreBackend.allCases)
    func theLastFullPageHasNoNext(_ backend: StoreBackend) throws {
        let page = try Self.seeded(backend).reading.feedPage(after: nil, limit: 7)
        #expect(page.items.count == 7)
        #expect(page.next == nil)
    }

    @Test(arguments: StoreBackend.allCases)
    func itemsCarryOwnerLocationAndCommentCount(_ backend: StoreBackend) throws {
        let items = try Self.seeded(backend).reading.feedPage(after: nil, limit: 7).items
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
}
