import FeedModel
import FeedSync
import LayoutTestSupport
import Testing

/// Stored layouts that no cell links any more are deleted, on both stores: by the store's prune,
/// and by every sync run; the report counts the layouts stored.
@Suite("Pruning stored layouts on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedLayoutPruningTests {
    static func key(_ item: FeedItem, _ fingerprint: UInt8) -> LayoutCacheKey {
        LayoutCacheKey(cellKind: "photo", photoID: item.photo.id, contentVersion: item.photo.contentVersion,
                       sizeRange: .width(375), scale: 2, engineVersion: 3,
                       fingerprint: [UInt8](repeating: fingerprint, count: 32))
    }

    static func layout(height: Double) -> CachedLayout {
        CachedLayout(width: 375, height: height, frames: [CachedFrame(id: "cell", x: 0, y: 0, width: 375, height: height)])
    }

    /// Three photos linked to layouts 1, 2, 3; then the first moved to a new layout 4 and the
    /// second to the third's: layouts 1 and 2 are linked by no photo.
    static func storeWithTwoUnlinkedLayouts(_ backend: StoreBackend) throws -> (StoreUnderTest, [FeedItem]) {
        let store = try StoreFactory.make(backend)
        try store.seeding.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        let items = try store.reading.feedPage(after: nil, limit: 3).items
        try store.cache.putLayouts([(key(items[0], 1), layout(height: 501)), (key(items[1], 2), layout(height: 502)),
                                    (key(items[2], 3), layout(height: 503))])
        #expect(try store.cache.replaceLayouts([(key(items[0], 4), layout(height: 504)),
                                                (key(items[1], 3), layout(height: 503))]) == 2)
        return (store, items)
    }

    @Test(arguments: StoreBackend.allCases)
    func thePruneDeletesTheUnlinkedLayoutsOnly(_ backend: StoreBackend) throws {
        // Given two of four stored layouts linked by no photo
        let (store, items) = try Self.storeWithTwoUnlinkedLayouts(backend)
        #expect(try store.layoutCounts() == LayoutCounts(links: 3, layouts: 4))
        #expect(try store.cache.layoutCacheReport(engineVersion: 3).storedLayouts == 4)

        // When the store prunes, twice
        let pruned = try store.jobs.pruneUnreferencedLayouts()
        let again = try store.jobs.pruneUnreferencedLayouts()

        // Then those two went, and every photo is still served its layout
        #expect(pruned == 2 && again == 0)
        #expect(try store.layoutCounts() == LayoutCounts(links: 3, layouts: 2))
        #expect(try store.cache.layoutCacheReport(engineVersion: 3).storedLayouts == 2)
        let served = try store.cache.cachedLayouts(for: [Self.key(items[0], 4), Self.key(items[1], 3),
                                                         Self.key(items[2], 3)], countAccess: false)
        #expect(served.mapValues(\.height) == [items[0].photo.id: 504, items[1].photo.id: 503, items[2].photo.id: 503])
    }

    @Test(arguments: StoreBackend.allCases)
    func aSyncRunDeletesTheUnlinkedLayouts(_ backend: StoreBackend) async throws {
        // Given two unlinked layouts and the curated set's jobs
        let (store, _) = try Self.storeWithTwoUnlinkedLayouts(backend)

        // When a worker runs until idle
        let worker = SyncWorker(store: store.jobs, relayouter: SharedSyncProgressTests.NoRelayout(),
                                clock: VirtualClock(), leaseClock: VirtualClock(),
                                configuration: .init(seed: 2, batchSize: 64))
        let outcome: Result<SyncReport, any Error> = await BlockingWorkThreads.run {
            do { return .success(try await worker.run(until: .idle)) } catch { return .failure(error) }
        }
        _ = try outcome.get()

        // Then no stored layout is left that no photo links
        #expect(try store.layoutCounts() == LayoutCounts(links: 3, layouts: 2))
    }
}
