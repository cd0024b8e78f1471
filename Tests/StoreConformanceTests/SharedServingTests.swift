import FeedModel
import LayoutTestSupport
import Testing

/// The HTTP service's asynchronous reads (``FeedServing``) on both stores: one read gives what
/// the synchronous reads give one by one (the page, its first comments, its cached layouts).
@Suite("The served reads on SQLite and PostgreSQL", .blockingWork, .timeLimit(minutes: 10))
struct SharedServingTests {
    static let slot = LayoutSlot(cellKind: "photo", sizeRange: .width(375), scale: 2)

    /// A curated store whose newest photos with comments have their comment feeds loaded, and
    /// whose first three photos have layouts at ``slot``, each with a fingerprint of its own; with
    /// the jobs the seed created.
    static func prepared(_ backend: StoreBackend) throws
        -> (store: StoreUnderTest, first: [FeedItem], jobs: [JobKey: ScheduledJob]) {
        let (store, jobs) = try SharedSyncJobTests.seeded(backend)
        var batch = SyncBatch()
        for item in try store.reading.feedPage(after: nil, limit: 8).items where item.commentCount > 0 {
            let job = try #require(jobs[JobKey(kind: .commentFeed, targetID: item.photo.id)])
            batch.append(.start(rowID: job.rowID))
            batch.append(.succeed(job, attempt: 1))
        }
        _ = try store.jobs.commit(batch, geocoder: ReverseGeocoder(), beforeCommit: {})
        let first = try store.reading.feedPage(after: nil, limit: 3).items
        try store.cache.putLayouts(first.enumerated().map { index, item in
            (SharedLayoutCacheTests.key(item, fingerprint: fingerprint(index)),
             SharedLayoutCacheTests.layout(height: 500 + Double(index)))
        })
        return (store, first, jobs)
    }

    static func fingerprint(_ index: Int) -> [UInt8] { [UInt8](repeating: 20 + UInt8(index), count: 32) }

    @Test(arguments: StoreBackend.allCases)
    func aPageIsItsRowsCommentsAndLayouts(_ backend: StoreBackend) async throws {
        let (store, first, _) = try Self.prepared(backend)

        let top = try await store.serving.pageRows(after: nil, limit: 8, commentLimit: 2, slot: Self.slot)
        let next = try await store.serving.pageRows(after: top.page.next, limit: 8, commentLimit: 2, slot: Self.slot)

        let expected = try store.reading.feedPage(after: nil, limit: 8)
        #expect(top.page == expected)
        #expect(next.page == (try store.reading.feedPage(after: expected.next, limit: 8)))
        let ids = expected.items.map(\.photo.id)
        #expect(!top.comments.isEmpty)
        #expect(top.comments == (try store.reading.firstComments(photoIDs: ids, limit: 2)))
        #expect(top.layouts.count == 3)
        for (index, item) in first.enumerated() {
            #expect(top.layouts[item.photo.id] == StoredLayout(
                fingerprint: Self.fingerprint(index), engineVersion: 3,
                layout: SharedLayoutCacheTests.layout(height: 500 + Double(index))))
        }
        #expect(next.layouts.isEmpty)
        let elsewhere = LayoutSlot(cellKind: "photo", sizeRange: .width(320), scale: 2)
        #expect(try await store.serving.pageRows(after: nil, limit: 8, commentLimit: 0, slot: elsewhere).layouts.isEmpty)
    }

    @Test(arguments: StoreBackend.allCases)
    func aPhotoIsAOneItemPage(_ backend: StoreBackend) async throws {
        let (store, first, _) = try Self.prepared(backend)
        let item = first[1]

        let rows = try await store.serving.itemRows(photoID: item.photo.id, commentLimit: 2, slot: Self.slot)
        let unknown = try await store.serving.itemRows(photoID: 999_999_999, commentLimit: 2, slot: Self.slot)

        #expect(rows.page == FeedPage(items: [item], next: nil))
        #expect(rows.comments == (try store.reading.firstComments(photoIDs: [item.photo.id], limit: 2)))
        #expect(rows.layouts[item.photo.id]?.fingerprint == Self.fingerprint(1))
        #expect(unknown.page.items.isEmpty && unknown.comments.isEmpty && unknown.layouts.isEmpty)
    }

    @Test(arguments: StoreBackend.allCases)
    func storedLayoutsAndCountedAccessesAreReported(_ backend: StoreBackend) async throws {
        let (store, _, _) = try Self.prepared(backend)
        let fourth = try store.reading.feedPage(after: nil, limit: 4).items[3]
        let key = SharedLayoutCacheTests.key(fourth, fingerprint: Self.fingerprint(3))

        try await store.serving.storeLayouts([(key, SharedLayoutCacheTests.layout(height: 640))])
        store.serving.countLayoutAccess(hits: 5, misses: 2)
        try await store.serving.ping()
        let report = try await store.serving.servedLayoutCacheReport(engineVersion: 3)

        let rows = try await store.serving.itemRows(photoID: fourth.photo.id, commentLimit: 0, slot: Self.slot)
        #expect(rows.layouts[fourth.photo.id]?.layout == SharedLayoutCacheTests.layout(height: 640))
        #expect(report.entries == 4 && report.hits == 5 && report.misses == 2)
        // The counts were written: a second report counts them once.
        #expect(try await store.serving.servedLayoutCacheReport(engineVersion: 3).hits == 5)
    }

    @Test(arguments: StoreBackend.allCases)
    func theJobQueueIsCountedByKindAndState(_ backend: StoreBackend) async throws {
        let (store, _, jobs) = try Self.prepared(backend)
        let loaded = try store.reading.feedPage(after: nil, limit: 8).items.count { $0.commentCount > 0 }

        let counts = try await store.serving.servedJobCounts()

        #expect(counts.map(\.count).reduce(0, +) == jobs.count)
        #expect(counts.first { $0.kind == "comment-feed" && $0.state == "done" }?.count == loaded)
        #expect(loaded > 0)
        #expect(counts.map { [$0.kind, $0.state] } == counts.map { [$0.kind, $0.state] }.sorted { $0.lexicographicallyPrecedes($1) })
    }
}
