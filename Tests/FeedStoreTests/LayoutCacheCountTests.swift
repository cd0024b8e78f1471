@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import StoreTestSupport
import LayoutTestSupport
import Testing

/// Layout cache hits and misses are counted in memory by the reads, and written with the store's
/// next layout write (or by `writeLayoutCacheCounts`): a read never takes the write lock.
@Suite(.blockingWork) struct LayoutCacheCountTests {
    static let layout = CachedLayout(width: 375, height: 500, frames: [CachedFrame(id: "photo", x: 0, y: 0, width: 375, height: 375)])

    static func key(_ photoID: Int64) -> LayoutCacheKey {
        LayoutCacheKey(cellKind: "photo", photoID: photoID, contentVersion: 1, sizeRange: .width(375), scale: 2,
                       engineVersion: 1, fingerprint: [1])
    }

    /// A seeded database file, and a store on it.
    static func seededFile(busyTimeout: TimeInterval = 5) throws -> (path: String, store: FeedStore) {
        let path = try StoreFixture.path(for: .file)
        let store = try FeedStore(path: path, migrationsDirectory: StoreFixture.migrationsDirectory,
                                  clock: .fixed(StoreFixture.now), busyTimeout: busyTimeout)
        try store.seedCurated(from: SmallSeed.directory())
        return (path, store)
    }

    static func storedCounts(_ path: String) throws -> [Int] {
        try DatabaseQueue(path: path).read { db in
            let row = try Row.fetchOne(db, sql: "SELECT hits, misses FROM layout_cache_stat")!
            return [row["hits"], row["misses"]]
        }
    }

    @Test func countsAreWrittenWithTheNextLayoutWrite() throws {
        let (path, store) = try Self.seededFile()
        try store.putLayout(Self.layout, for: Self.key(1))
        _ = try store.cachedLayouts(for: [Self.key(1), Self.key(2)])
        // The report says what was read; the database has nothing yet.
        let report = try store.layoutCacheReport(engineVersion: 1)
        #expect(report.hits == 1 && report.misses == 1)
        #expect(try Self.storedCounts(path) == [0, 0])
        // The miss's layout is stored: the counts go with it, once.
        try store.putLayout(Self.layout, for: Self.key(2))
        #expect(try Self.storedCounts(path) == [1, 1])
        let after = try store.layoutCacheReport(engineVersion: 1)
        #expect(after.hits == 1 && after.misses == 1)
        // A read-only command writes its hits as it ends.
        _ = try store.cachedLayout(for: Self.key(2))
        #expect(try store.writeLayoutCacheCounts())
        #expect(try Self.storedCounts(path) == [2, 1])
    }

    @Test(arguments: StoreKind.allCases)
    func aFailedLayoutWriteDropsTheCountsItCarried(kind: StoreKind) throws {
        let store = try StoreFixture.store(kind)
        try store.seedCurated(from: SmallSeed.directory())
        _ = try store.cachedLayouts(for: [Self.key(1), Self.key(999)])
        // No photo 999: the write fails whole, and the misses it would have counted with it.
        #expect(throws: DatabaseError.self) { try store.putLayouts([(Self.key(1), Self.layout), (Self.key(999), Self.layout)]) }
        let report = try store.layoutCacheReport(engineVersion: 1)
        #expect(report.hits == 0 && report.misses == 0 && report.entries == 0)
    }

    @Test func readsNeverWaitForAWriter() throws {
        let (path, _) = try Self.seededFile()
        try FeedStore(path: path, migrationsDirectory: StoreFixture.migrationsDirectory)
            .putLayouts([(Self.key(1), Self.layout)])
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the lock must outlive one database access
        // A connection pool like the sync daemon's (its WAL file is not empty), in a write.
        let holder = try DatabasePool(path: path, configuration: configuration)
        try holder.writeWithoutTransaction { try $0.execute(sql: "BEGIN IMMEDIATE") }

        // Another process holds the write lock: opening, the feed and the layouts read at once.
        let start = DispatchTime.now().uptimeNanoseconds
        let store = try FeedStore(path: path, migrationsDirectory: StoreFixture.migrationsDirectory, busyTimeout: 2)
        #expect(try store.feedPage(limit: 5).items.count == 5)
        #expect(try store.cachedLayouts(for: [Self.key(1), Self.key(2)]).count == 1)
        #expect(try store.writeLayoutCacheCounts() == false, "busy: the counts stay in memory")
        #expect(DispatchTime.now().uptimeNanoseconds - start < 1_000_000_000, "nothing waited for the busy timeout")
        let report = try store.layoutCacheReport(engineVersion: 1)
        #expect(report.hits == 1 && report.misses == 1)

        try holder.writeWithoutTransaction { try $0.execute(sql: "ROLLBACK") }
        #expect(try store.writeLayoutCacheCounts())
        #expect(try Self.storedCounts(path) == [1, 1])
    }
}
