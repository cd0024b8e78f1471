import FeedModel
import FeedStore
import FeedSync
import PhotoFeed
import StoreTestSupport
import LayoutTestSupport
import Testing

/// A photo without a cell in memory whose changes are display only keeps its layouts: its rows
/// are confirmed for the new version without reading the photo or making a cell, unless they are
/// not current at the version before the changes (then it is read as any other).
@Suite(.blockingWork) struct DisplayOnlyRelayoutTests {
    /// Photo 4's rows at version 1, its image arrived (version 2), relaid out by a controller with
    /// no live cell.
    static func setUp() throws -> (store: FeedStore, controller: FeedController) {
        let store = try FeedTestStore.seeded()
        _ = try FeedController(store: store).page(width: 375, scale: 2)
        _ = try FeedController(store: store).page(width: 320, scale: 3)
        try store.setImageState(photoID: 4, .loaded)
        return (store, try FeedController(store: store))
    }

    @Test func currentRowsAreConfirmedWithoutACell() throws {
        let (store, controller) = try Self.setUp()
        let loaded = ContentChange(photoID: 4, contentVersion: 2, edit: .imageState(.loaded))
        // Given rows current at version 1, when the image's change (version 2) is laid out:
        let summary = try controller.relayout([MarkedCell(photoID: 4, changes: [loaded])])
        // Then nothing is measured, no cell is made, and the rows are current and served.
        #expect(summary == RelayoutSummary())
        #expect(controller.cells.count == 0 && controller.cells.nodeBlockCalls == 0)
        #expect(try store.layoutCacheReport(engineVersion: EngineVersion.layoutEngine).stale == 0)
        for (width, scale) in [(375.0, 2.0), (320, 3)] {
            let page = try FeedController(store: store).page(width: width, scale: scale)
            #expect(page.hits == 4)
            let entry = try #require(page.entries.first { $0.photoID == 4 })
            #expect(entry.layout == (try FeedControllerTests.fresh(store, photoID: 4, width: width, scale: scale)))
        }
    }

    @Test func rowsNotCurrentBeforeTheChangesAreReadAgain() throws {
        let (store, controller) = try Self.setUp()
        // A change naming version 3: the rows (version 1) are not current at version 2.
        let gap = ContentChange(photoID: 4, contentVersion: 3, edit: .avatarState(.loaded))
        #expect(try controller.relayout([MarkedCell(photoID: 4, changes: [gap])]) == RelayoutSummary())
        #expect(controller.cells.cachedCell(photoID: 4)?.model.contentVersion == 2, "read: the store's version")
        #expect(try store.layoutCacheReport(engineVersion: EngineVersion.layoutEngine).stale == 0)
    }
}
