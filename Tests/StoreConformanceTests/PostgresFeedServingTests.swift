import FeedModel
import FeedStorePostgres
import Foundation
import LayoutTestSupport
import Testing

/// The PostgreSQL store's asynchronous seam (``FeedServing``): one statement gives what the
/// synchronous reads give in three, under any number of concurrent callers, and across a lost
/// connection.
@Suite("PostgreSQL FeedServing", .blockingWork, .timeLimit(minutes: 10))
struct PostgresFeedServingTests {
    static let slot = LayoutSlot(cellKind: "photo", sizeRange: .width(375), scale: 2)

    static func key(_ item: FeedItem, fingerprint: [UInt8]) -> LayoutCacheKey {
        LayoutCacheKey(cellKind: slot.cellKind, photoID: item.photo.id, contentVersion: item.photo.contentVersion,
                       sizeRange: slot.sizeRange, scale: slot.scale, engineVersion: 3, fingerprint: fingerprint)
    }

    static func layout(height: Double) -> CachedLayout {
        CachedLayout(width: 375, height: height, frames: [
            CachedFrame(id: "cell", x: 0, y: 0, width: 375, height: height),
            CachedFrame(id: "photo", parent: 0, x: 0, y: 52, width: 375, height: 375),
        ])
    }

    /// A seeded store whose comment feeds have all loaded, with layouts stored for the newest
    /// five photos (distinct fingerprints), the third one's frames then damaged.
    static func seededStore() throws -> (store: PostgresFeedStore, keys: [LayoutCacheKey], damaged: Int64) {
        let store = try StoreFactory.postgres()
        try store.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        try TestCluster.execute(["UPDATE photo SET comments_loaded = true"], in: store.location)
        let items = try store.feedPage(after: nil, limit: 5).items
        let keys = items.enumerated().map { key($1, fingerprint: [UInt8](repeating: 20 + UInt8($0), count: 32)) }
        try store.putLayouts(keys.enumerated().map { ($1, layout(height: 500 + Double($0))) })
        try TestCluster.execute(["UPDATE cell_layout SET frames = '\\x0102'::bytea WHERE fingerprint = '\\x"
                                 + String(repeating: "16", count: 32) + "'::bytea"], in: store.location)
        return (store, keys, items[2].photo.id)
    }

    @Test
    func pageRowsGiveWhatTheSynchronousReadsGive() async throws {
        // Given a seeded store with five layouts, one of them damaged
        let (store, keys, damaged) = try Self.seededStore()

        // When every page of 4 is read both ways
        var cursor: FeedCursor?
        var pages = 0
        repeat {
            let rows = try await store.pageRows(after: cursor, limit: 4, commentLimit: 2, slot: Self.slot)
            let page = try store.feedPage(after: cursor, limit: 4)
            let ids = page.items.map(\.photo.id)

            // Then the items, the next cursor, the comments and the layouts are the same
            #expect(rows.page == page)
            #expect(rows.comments == (try store.firstComments(photoIDs: ids, limit: 2)))
            let wanted = keys.filter { ids.contains($0.photoID) }
            let hits = try store.cachedLayouts(for: wanted, countAccess: false)
            #expect(rows.layouts.mapValues(\.layout) == hits)
            for key in wanted where key.photoID != damaged {
                #expect(rows.layouts[key.photoID]?.isCurrent(for: key) == true)
            }
            #expect(rows.layouts[damaged] == nil)
            cursor = page.next
            pages += 1
        } while cursor != nil
        #expect(pages > 2)
        #expect(try await store.pageRows(after: nil, limit: 4, commentLimit: 2, slot: Self.slot).comments
            .values.allSatisfy { $0.count <= 2 })
    }

    @Test
    func itemRowsGiveOnePhotoOrNone() async throws {
        // Given a seeded store with five layouts
        let (store, keys, _) = try Self.seededStore()
        let item = try #require(try store.feedPage(after: nil, limit: 1).items.first)

        // When the newest photo and an unknown one are read
        let rows = try await store.itemRows(photoID: item.photo.id, commentLimit: 3, slot: Self.slot)
        let unknown = try await store.itemRows(photoID: 987_654_321, commentLimit: 3, slot: Self.slot)

        // Then the photo comes as a page of one with its comments and layout; the unknown one as none
        #expect(rows.page == FeedPage(items: [item], next: nil))
        #expect(rows.comments == (try store.firstComments(photoIDs: [item.photo.id], limit: 3)))
        #expect(rows.layouts[item.photo.id]?.isCurrent(for: keys[0]) == true)
        #expect(rows.layouts[item.photo.id]?.layout == Self.layout(height: 500))
        #expect(unknown.page.items.isEmpty && unknown.page.next == nil)
        #expect(unknown.comments.isEmpty && unknown.layouts.isEmpty)
    }

    @Test
    func manyConcurrentReadersShareTheBoundedPool() async throws {
        // Given a seeded store
        let (store, _, _) = try Self.seededStore()
        let expected = try await store.pageRows(after: nil, limit: 20, commentLimit: 2, slot: Self.slot)

        // When 200 pages are read at once, more than the pool's connections
        let pages = try await withThrowingTaskGroup(of: FeedPage.self) { group in
            for _ in 0 ..< 200 {
                group.addTask {
                    try await store.pageRows(after: nil, limit: 20, commentLimit: 2, slot: Self.slot).page
                }
            }
            return try await group.reduce(into: [FeedPage]()) { $0.append($1) }
        }

        // Then every one completes with the same page
        #expect(pages.count == 200)
        #expect(pages.allSatisfy { $0 == expected.page })
    }

    @Test
    func theSeamReconnectsAfterTheServerEndsItsSessions() async throws {
        // Given a store whose connections the server then terminates (as a restart does)
        let reconnects = try CountedReconnects()
        let store = reconnects.store
        try store.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        let before = try await store.pageRows(after: nil, limit: 5, commentLimit: 2, slot: Self.slot)
        let terminated = try reconnects.endSessions()

        // When it is read again, and pinged
        let after = try await store.pageRows(after: nil, limit: 5, commentLimit: 2, slot: Self.slot)
        try await store.ping()

        // Then it answered on new connections, after at most one wait
        #expect(terminated >= 1)
        #expect(after.page == before.page)
        #expect(reconnects.waits <= 1)
    }

    @Test
    func storedLayoutsAndCountsShowInTheReport() async throws {
        // Given a seeded store
        let store = try StoreFactory.postgres()
        try store.seedCurated(from: StoreFactory.seedDataDirectory, progress: nil)
        let items = try store.feedPage(after: nil, limit: 2).items

        // When layouts are stored and accesses counted through the seam
        try await store.storeLayouts(items.enumerated().map {
            (Self.key($1, fingerprint: [UInt8](repeating: 40 + UInt8($0), count: 32)), Self.layout(height: 600))
        })
        store.countLayoutAccess(hits: 3, misses: 2)
        let report = try await store.servedLayoutCacheReport(engineVersion: 3)

        // Then the report has them, written
        #expect(report.entries == 2 && report.hits == 3 && report.misses == 2)
        #expect(try TestCluster.count("SELECT hits FROM layout_cache_stat WHERE id = 1", in: store.location) == 3)
    }
}
