import FeedModel
import FeedStore
import LayoutCore
import NodeKit
import PhotoFeed
import StoreTestSupport
import LayoutTestSupport
import Testing

/// The feed builds its cells through the data controller: one node block per photo inserted,
/// cells measured at the feed's size as they are allocated, never reused for another photo, and
/// released by the reload that evicts them or by a deletion; the live set is bounded.
@Suite(.blockingWork) struct FeedDataControllerTests {
    static func model(_ photoID: Int64, likes: Int = 0) -> PhotoCellModel {
        var model = PhotoCellNodeTests.base
        model.photoID = photoID
        model.likes = likes
        return model
    }

    @Test func aPageRunsOneNodeBlockPerMissAndNoneForHits() throws {
        // Given the four-photo feed and an empty layout cache
        let store = try FeedTestStore.seeded()
        let controller = try FeedController(store: store)

        // When a page is laid out, then read again, then laid out at another width
        let first = try controller.page(width: 375, scale: 2)
        let blocksAfterFirst = controller.cells.nodeBlockCalls
        let again = try controller.page(width: 375, scale: 2)
        let blocksAfterAgain = controller.cells.nodeBlockCalls
        let wider = try controller.page(width: 414, scale: 3)

        // Then each photo's cell is allocated once: hits need no cell, and a live cell is relaid
        // out at the new width rather than allocated again
        #expect(first.misses == 4 && blocksAfterFirst == 4)
        #expect(again.hits == 4 && blocksAfterAgain == 4)
        #expect(wider.misses == 4 && controller.cells.nodeBlockCalls == 4)
        for entry in wider.entries {
            #expect(entry.layout == (try FeedControllerTests.fresh(store, photoID: entry.photoID, width: 414,
                                                                   scale: 3)))
        }
        // A new process served from the cache allocates nothing.
        let served = try FeedController(store: store)
        #expect(try served.page(width: 375, scale: 2).hits == 4)
        #expect(served.cells.nodeBlockCalls == 0)
    }

    static func generated() throws -> FeedStore {
        let store = try FeedTestStore.empty()
        try store.seedGenerated(count: 60, rngSeed: 7,
                                seedDataDirectory: FeedTestStore.projectRoot.appendingPathComponent("seed-data"))
        return store
    }

    @Test func aPageOfTwentyAllocatesTwentyCellsOnTwoThreads() throws {
        let controller = try FeedController(store: Self.generated(), parallelism: 2)
        let page = try controller.page(width: 375, scale: 2, limit: 20)
        #expect(page.misses == 20)
        #expect(controller.cells.nodeBlockCalls == 20)
        let serial = try FeedController(store: Self.generated(), parallelism: 1)
        #expect(try serial.page(width: 375, scale: 2, limit: 20).entries.map(\.layout)
            == page.entries.map(\.layout))
    }

    @Test func cellsComeMeasuredAtTheRequestedSize() {
        let cells = PhotoCellCache(capacity: 4)
        let range = FeedController.sizeRange(width: 320)
        let context = LayoutContext(scale: 3)
        let cell = cells.cells(for: [Self.model(1)], range: range, context: context)[0]
        let reference = PhotoCellNode(model: Self.model(1)).layoutThatFits(range, context: context)
        #expect(cell.frame.size == reference.size)
        #expect(cell.layoutThatFits(range, context: context) == reference)
        // A new model for the same photo: the same cell, updated and measured again.
        let updated = cells.cells(for: [Self.model(1, likes: 7)], range: range, context: context)[0]
        #expect(updated === cell && cell.model.likes == 7 && cells.nodeBlockCalls == 1)
        #expect(cell.layoutThatFits(range, context: context)
            == PhotoCellNode(model: Self.model(1, likes: 7)).layoutThatFits(range, context: context))
    }

    @Test func theLiveSetIsBoundedAndEvictedCellsAreReleased() {
        // Given a cache of 3 live cells
        let cells = PhotoCellCache(capacity: 3)
        weak var firstCell: PhotoCellNode?
        do {
            let made = cells.cells(for: (1...3).map { Self.model($0) })
            firstCell = made[0]
        }
        #expect(firstCell != nil, "a live cell is held by the list")

        // When 7 more photos need cells, in one request larger than the bound
        let more = cells.cells(for: (4...10).map { Self.model($0) })

        // Then every photo got its own cell, at most 3 stay live, and the evicted ones are freed
        #expect(more.count == 7 && Set(more.map(ObjectIdentifier.init)).count == 7)
        #expect(cells.nodeBlockCalls == 10)
        #expect(cells.count == 3)
        #expect((1...10).filter { cells.cachedCell(photoID: $0) != nil } == [8, 9, 10])
        #expect(firstCell == nil, "the reload that evicted photo 1 released its cell")
    }

    @Test func aDeletionReleasesTheCellAndKeepsTheOthers() {
        let cells = PhotoCellCache(capacity: 4)
        weak var deleted: PhotoCellNode?
        let kept = cells.cells(for: [Self.model(1), Self.model(3)])
        do {
            deleted = cells.cells(for: [Self.model(2)])[0]
        }
        _ = cells.cells(for: [Self.model(4)])
        cells.remove(photoIDs: [2, 99])
        #expect(deleted == nil)
        #expect(cells.count == 3)
        #expect(cells.cachedCell(photoID: 1) === kept[0] && cells.cachedCell(photoID: 3) === kept[1])
        // The recency order survives the deletion: 5 takes the free place, 6 evicts photo 1, the
        // least recently used.
        _ = cells.cells(for: [Self.model(5), Self.model(6)])
        #expect(cells.cachedCell(photoID: 1) == nil && cells.cachedCell(photoID: 3) === kept[1])
        #expect([4, 5, 6].allSatisfy { cells.cachedCell(photoID: $0) != nil })
        #expect(cells.nodeBlockCalls == 6)
    }

    @Test func aRelayoutOfADeletedPhotoReleasesItsCell() throws {
        let store = try FeedTestStore.seeded()
        let controller = try FeedController(store: store)
        _ = controller.cells.cell(for: Self.model(999))
        #expect(controller.cells.cachedCell(photoID: 999) != nil)
        _ = try controller.relayout(photoIDs: [999])
        #expect(controller.cells.cachedCell(photoID: 999) == nil)
    }

    @Test func pagingFollowsASDKgram() {
        let paging = FeedPaging.asdkgram
        #expect([0, 4, 24].map(paging.limit(afterLoading:)) == [4, 20, 20])
        let viewport = Size(375, 667)
        // Shorter than the viewport: fetch. Otherwise within 2.5 viewports (1667.5 pt) of the end.
        #expect(paging.shouldFetchNextPage(contentHeight: 500, viewport: viewport, offset: 0))
        #expect(paging.shouldFetchNextPage(contentHeight: 2000, viewport: viewport, offset: 0))
        #expect(!paging.shouldFetchNextPage(contentHeight: 2400, viewport: viewport, offset: 0))
        #expect(paging.shouldFetchNextPage(contentHeight: 2400, viewport: viewport, offset: 100))
        let fetching = BatchContext()
        fetching.beginBatchFetching()
        #expect(!paging.shouldFetchNextPage(contentHeight: 500, viewport: viewport, offset: 0, context: fetching))
    }

    @Test func precomputationPagesThroughTheWholeFeed() throws {
        let store = try FeedTestStore.seeded()
        let controller = try FeedController(store: store)
        let done = try controller.precomputeLayouts(widths: [320, 375], scales: [2, 3])
        #expect(done == LayoutPrecomputation(layouts: 16, computed: 16))
        #expect(controller.cells.nodeBlockCalls == 4)
        let again = try FeedController(store: store).precomputeLayouts(widths: [320, 375], scales: [2, 3])
        #expect(again == LayoutPrecomputation(layouts: 16, computed: 0))
    }
}
