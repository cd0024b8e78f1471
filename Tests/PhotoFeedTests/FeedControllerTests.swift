import FeedModel
import FeedRendering
import FeedStore
import FeedSync
import LayoutCore
import PhotoFeed
import StoreTestSupport
import LayoutTestSupport
import Testing

/// The feed's cell layer on the four-photo test feed (FeedTestStore), in memory and in a file.
@Suite(.blockingWork) struct FeedControllerTests {
    static let kinds = [false, true]

    /// What a brand-new cell computes for `item` now: the reference the cache must reproduce.
    static func fresh(_ store: FeedStore, photoID: Int64, width: Double, scale: Double,
                      referenceTime: Int64 = FeedTestStore.newest) throws -> CachedLayout {
        let item = try #require(try store.feedItems(photoIDs: [photoID])[photoID])
        let page = try store.firstComments(photoIDs: [photoID], limit: PhotoCellModel.commentPageSize)[photoID] ?? []
        let cell = PhotoCellNode(model: PhotoCellModel(item: item, commentPage: page,
                                                       referenceTime: referenceTime))
        return CachedLayout(cell.drawnLayout(fitting: FeedController.sizeRange(width: width),
                                             context: LayoutContext(scale: scale)))
    }

    @Test(arguments: kinds) func pageFromTheCacheEqualsAFreshComputation(inFile: Bool) throws {
        let store = try FeedTestStore.seeded(inFile: inFile)
        let first = try FeedController(store: store).page(width: 375, scale: 2)
        #expect(first.entries.map(\.photoID) == [4, 1, 3, 2])
        #expect(first.entries.map(\.cache) == [.miss, .miss, .miss, .miss])

        // A new controller (empty cell cache, as a new process) is served from the store.
        let second = try FeedController(store: store).page(width: 375, scale: 2)
        #expect(second.entries.map(\.cache) == [.hit, .hit, .hit, .hit])
        #expect(second.entries.map(\.layout) == first.entries.map(\.layout))
        for entry in second.entries {
            let fresh = try Self.fresh(store, photoID: entry.photoID, width: 375, scale: 2)
            #expect(entry.layout == fresh)
            #expect(entry.layout.resultLine() == fresh.resultLine())
        }
        // By hand (ASDKgram's structure): a text line of DejaVu Sans at 14 pt is
        // (1901 + 483) / 2048 × 14 = 16.297 pt, so one line is 16.5 and three are 48.89 → 49 on
        // the 2x grid. Header 10 + 30 + 10 = 50; the photo is always 375 square; the footer is
        // 5 + likes, description and the comments node (0 high when empty), 5 apart, + 5; the
        // comments node's labels are 5 apart.
        //   4: 50 + 375 + 5 + likes 16.5 + 5 + description 16.5 + 5 + comments 0 + 5      = 478
        //   1: 50 + 375 + 5 + 16.5 + 5 + 16.5 + 5 + 3 comments (no count line for 3)
        //      16.5 + 5 + 16.5 + 5 + 16.5 + 5                                             = 537.5
        //   3: 50 + 375 + 5 + 16.5 + 5 + description ("chen ") 16.5 + 5 + 1 comment 16.5 + 5 = 494.5
        //   2: 50 + 375 + 5 + 16.5 + 5 + description ("bo Ferries", its title) 16.5 + 5 + 0 + 5 = 478
        #expect(second.entries.map(\.layout.height) == [478, 537.5, 494.5, 478])
    }

    @Test func cachedResultLineRebuildsTheLayoutTree() throws {
        let store = try FeedTestStore.seeded()
        let entry = try #require(try FeedController(store: store).entry(photoID: 4, width: 320, scale: 3))
        let fresh = PhotoCellNode(model: PhotoCellModel(
            item: try #require(try store.feedItems(photoIDs: [4])[4]), commentPage: [],
            referenceTime: FeedTestStore.newest))
            .layoutThatFits(FeedController.sizeRange(width: 320), context: LayoutContext(scale: 3))
        #expect(entry.layout.layout() == fresh)
        #expect(entry.layout.resultLine() == fresh.resultLine(nodesWithLayouts: []))
    }

    @Test(arguments: kinds) func hitsAndMissesAreCounted(inFile: Bool) throws {
        let store = try FeedTestStore.seeded(inFile: inFile)
        let controller = try FeedController(store: store)
        let page = try controller.page(width: 375, limit: 2)
        #expect(page.misses == 2 && page.hits == 0)
        let again = try controller.page(width: 375, limit: 3)
        #expect(again.hits == 2 && again.misses == 1)
        _ = try controller.page(width: 414, limit: 1)
        let report = try store.layoutCacheReport(engineVersion: EngineVersion.layoutEngine)
        #expect(report.hits == 2 && report.misses == 4 && report.entries == 4 && report.stale == 0)
    }

    @Test func aContentVersionChangeMisses() throws {
        let store = try FeedTestStore.seeded()
        let controller = try FeedController(store: store)
        _ = try controller.page(width: 375)
        try store.like(photoID: 4)
        let page = try controller.page(width: 375)
        #expect(page.entries.map(\.cache) == [.miss, .hit, .hit, .hit])
        let likes = controller.snapshots(of: page)[0].nodes.first { $0.id == "likes" }?.content
        guard case .text(let text)? = likes else {
            Issue.record("no likes text: \(String(describing: likes))")
            return
        }
        #expect(text.lines.map(\.text) == ["\u{2665}\u{FE0E} 13 likes"])
        #expect(try store.layoutCacheReport(engineVersion: EngineVersion.layoutEngine).stale == 0)
    }

    @Test func pagesFollowTheCursor() throws {
        let store = try FeedTestStore.seeded()
        let controller = try FeedController(store: store)
        let first = try controller.page(width: 375, limit: 3)
        #expect(first.entries.map(\.photoID) == [4, 1, 3])
        let next = try #require(first.next)
        let second = try controller.page(width: 375, limit: 3, after: next)
        #expect(second.entries.map(\.photoID) == [2])
        #expect(second.next == nil)
    }

    @Test(arguments: kinds) func relayoutCountsHeightChanges(inFile: Bool) throws {
        let store = try FeedTestStore.seeded(inFile: inFile)
        let controller = try FeedController(store: store)
        _ = try controller.page(width: 375, scale: 2)
        _ = try controller.page(width: 320, scale: 3)

        // Photo 3 is geocoded (a second header line: same 50-high header); photo 4's 1000×500
        // image arrives (the photo stays square): no height changes. The image is display only,
        // so only photo 3's entries (one per cached width and scale) are laid out again.
        try store.resolveLocation(id: 2, placeName: "Tokyo", region: "Tokyo", country: "Japan")
        try store.setImageState(photoID: 4, .loaded)
        let summary = try controller.relayout(photoIDs: [3, 4, 4, 999])
        let cachedRangesPerPhoto = 2
        #expect(summary == RelayoutSummary(relayouts: cachedRangesPerPhoto, heightChanges: 0))

        let page = try FeedController(store: store).page(width: 375, scale: 2)
        #expect(page.entries.map(\.cache) == [.hit, .hit, .hit, .hit])
        for entry in page.entries {
            #expect(entry.layout == (try Self.fresh(store, photoID: entry.photoID, width: 375, scale: 2)))
        }
        // Photo 4's image, 1000 × 500, loaded: still 375 square (see above).
        #expect(page.entries[0].layout.height == 478)
        #expect(page.entries[2].layout.frames.map(\.id).contains("location"))
        #expect(try FeedController(store: store).page(width: 320, scale: 3).hits == 4)
    }

    /// A pass over many photos measures them on both cores; every row it writes is what a new
    /// cell computes for its photo.
    @Test func relayoutOfManyPhotosWritesWhatNewCellsCompute() throws {
        let store = try FeedTestStore.empty()
        try store.seedGenerated(count: 150, rngSeed: 7,
                                seedDataDirectory: FeedTestStore.projectRoot.appendingPathComponent("seed-data"))
        let controller = try FeedController(store: store, parallelism: 2)
        let ids = try controller.page(width: 375, scale: 2, limit: 150).entries.map(\.photoID)
        #expect(ids.count == 150)
        let loaded = ids.filter { $0 % 3 == 0 }
        for id in loaded { try store.setImageState(photoID: id, .loaded) }

        // Every photo is laid out from its current model; the loaded images are display only and
        // no other input changed, so no entry is measured again.
        let summary = try controller.relayout(photoIDs: ids)
        #expect(summary.relayouts == 0)
        #expect(summary.heightChanges == 0, "a loaded image changes no height")
        let page = try FeedController(store: store).page(width: 375, scale: 2, limit: 150)
        #expect(page.hits == 150)
        for entry in page.entries {
            let fresh = try Self.fresh(store, photoID: entry.photoID, width: 375, scale: 2,
                                       referenceTime: controller.referenceTime)
            #expect(entry.layout == fresh)
        }
    }

    @Test func relayoutThroughTheSyncProtocol() async throws {
        let store = try FeedTestStore.seeded()
        let controller = try FeedController(store: store)
        _ = try controller.page(width: 375)
        let nothingChanged = try await controller.relayoutCells(forPhotos: [1, 2])
        // Nothing changed, so no layout input did: no entry is measured nor written again.
        #expect(nothingChanged == RelayoutSummary(relayouts: 0, heightChanges: 0))
        let uncached = try await controller.relayoutCells(forPhotos: [])
        #expect(uncached == RelayoutSummary())
    }

    @Test func relayoutWithoutCachedEntriesComputesNothing() throws {
        let store = try FeedTestStore.seeded()
        let controller = try FeedController(store: store)
        #expect(try controller.relayout(photoIDs: [1, 2, 3]) == RelayoutSummary())
        #expect(try store.layoutCacheReport(engineVersion: EngineVersion.layoutEngine).entries == 0)
    }

    @Test func cellCacheIsBounded() throws {
        let store = try FeedTestStore.seeded()
        let controller = try FeedController(store: store, cellCapacity: 2)
        _ = try controller.page(width: 375)
        #expect(controller.cells.count == 2)
        #expect(controller.cells.cachedCell(photoID: 2) != nil, "the most recently used cells stay")
    }

    @Test func serialAndParallelMeasuringAgree() throws {
        let parallel = try FeedController(store: FeedTestStore.seeded(), parallelism: 4).page(width: 375)
        let serial = try FeedController(store: FeedTestStore.seeded(), parallelism: 1).page(width: 375)
        #expect(parallel.entries.map(\.layout) == serial.entries.map(\.layout))
    }

    @Test func snapshotsCarryTextsAndImages() throws {
        let store = try FeedTestStore.seeded()
        let controller = try FeedController(store: store)
        let page = try controller.page(width: 375, limit: 2)
        let cell = controller.snapshots(of: page)[1]
        #expect(cell.photoID == 1 && cell.size == Size(375, 537.5))
        let byID = Dictionary(uniqueKeysWithValues: cell.nodes.map { ($0.id, $0) })
        guard case .text(let location)? = byID["location"]?.content,
              case .image(let photo)? = byID["photo"]?.content else {
            Issue.record("missing contents: \(cell.nodes.map(\.id))")
            return
        }
        #expect(location.lines.map(\.text) == ["Germany"])
        let labels = ["comment0", "comment1", "comment2"].map { id -> [String] in
            guard case .text(let text)? = byID[id]?.content else { return [] }
            return text.lines.map(\.text)
        }
        #expect(labels == [["bo Beautiful!"], ["chen Where is this?"], ["ana Berlin, by the river."]])
        // The comments node at 10, 473 (after likes and description); its labels 5 apart in it.
        #expect(byID["comments"]?.frame == Rect(10, 473, 355, 59.5))
        #expect(["comment0", "comment1", "comment2"].map { byID[$0]?.frame }
            == [Rect(10, 473, 355, 16.5), Rect(10, 494.5, 355, 16.5), Rect(10, 516, 355, 16.5)])
        #expect(photo == ImageSnapshot(url: "https://p.example/1.jpg", pixelSize: Size(1080, 1350), isLoaded: true))
        #expect(byID["photo"]?.frame == Rect(0, 50, 375, 375))
    }
}
