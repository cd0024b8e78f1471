@testable import FeedModel
@testable import FeedStore
import Foundation
import GRDB
import StoreTestSupport
import LayoutTestSupport
import Testing

/// The layout cache on SQLite: its `FeedStore` conveniences (one layout, one key), the
/// replace, the page lookup and a photo's delete, on an in-memory and a file database. What both
/// stores do alike is in the shared suite (`SharedLayoutCacheTests`, `SharedLayoutCacheKeyTests`).
@Suite(.blockingWork) struct LayoutCacheTests {
    static let layout = CachedLayout(width: 375, height: 512.5, frames: [
        CachedFrame(id: "avatar", x: 8, y: 8, width: 30, height: 30),
        CachedFrame(id: "username", x: 46, y: 14.5, width: 120.5, height: 17),
        CachedFrame(id: "photo", x: 0, y: 46, width: 375, height: 375),
        CachedFrame(id: "caption.line", parent: 2, x: 8, y: 430, width: 359, height: 82.5),
    ])

    static func key(_ photoID: Int64, content: Int64 = 1, width: Double = 375, scale: Double = 2,
                    engine: Int = 1) -> LayoutCacheKey {
        LayoutCacheKey(cellKind: "photo", photoID: photoID, contentVersion: content, sizeRange: .width(width),
                       scale: scale, engineVersion: engine, fingerprint: fingerprint(content))
    }

    /// A stand-in for the layout inputs of a photo's `content` version: each version here
    /// changes what the layout depends on.
    static func fingerprint(_ content: Int64) -> [UInt8] {
        withUnsafeBytes(of: content.littleEndian) { Array($0) }
    }

    static func seeded(_ kind: StoreKind) throws -> FeedStore {
        let store = try StoreFixture.store(kind)
        try store.seedCurated(from: SmallSeed.directory())
        return store
    }

    @Test(arguments: StoreKind.allCases)
    func aStoredLayoutIsServedBack(kind: StoreKind) throws {
        let store = try Self.seeded(kind)
        #expect(try store.cachedLayout(for: Self.key(1)) == nil)
        try store.putLayout(Self.layout, for: Self.key(1))
        #expect(try store.cachedLayout(for: Self.key(1)) == Self.layout)
        let report = try store.layoutCacheReport(engineVersion: 1)
        #expect(report.hits == 1 && report.misses == 1 && report.entries == 1 && report.stale == 0)
    }

    @Test(arguments: StoreKind.allCases)
    func replacingTouchesOnlyRowsThatExist(kind: StoreKind) throws {
        let store = try Self.seeded(kind)
        try store.putLayouts([(Self.key(1), Self.layout), (Self.key(2), Self.layout)])
        var taller = Self.layout
        taller.height = 600
        // Photo 1's row at 375 is replaced under its new content version; the 320 row and photo
        // 3 have no row, and get none.
        let replaced = try store.replaceLayouts([(Self.key(1, content: 2), taller), (Self.key(1, content: 2, width: 320), taller),
                                                 (Self.key(3), taller)])
        #expect(replaced == 1)
        #expect(try store.cachedLayout(for: Self.key(1, content: 2), countAccess: false) == taller)
        #expect(try store.cachedLayout(for: Self.key(1), countAccess: false) == nil, "the old version is gone")
        #expect(try store.cachedLayout(for: Self.key(2), countAccess: false) == Self.layout)
        #expect(try store.layoutCacheReport(engineVersion: 1).entries == 2)
    }

    @Test(arguments: StoreKind.allCases)
    func aPageIsReadInOneLookupAndCounted(kind: StoreKind) throws {
        let store = try Self.seeded(kind)
        try store.putLayouts([(Self.key(1), Self.layout), (Self.key(3), Self.layout), (Self.key(4, content: 9), Self.layout)])
        let hits = try store.cachedLayouts(for: (1...5).map { Self.key(Int64($0)) })
        #expect(Set(hits.keys) == [1, 3])
        let report = try store.layoutCacheReport(engineVersion: 1)
        #expect(report.hits == 2 && report.misses == 3)
        #expect(report.sizeRanges == [LayoutCacheReport.SizeRangeEntry(range: .width(375), scale: 2, entries: 3)])
        _ = try store.cachedLayouts(for: [Self.key(1)], countAccess: false)
        #expect(try store.layoutCacheReport(engineVersion: 1).hits == 2)
    }

    @Test(arguments: StoreKind.allCases)
    func deletingAPhotoDropsItsLayouts(kind: StoreKind) throws {
        let store = try Self.seeded(kind)
        try store.putLayout(Self.layout, for: Self.key(1))
        try store.deletePhoto(id: 1)
        #expect(try store.layoutCacheReport(engineVersion: 1).entries == 0)
    }

    @Test func theBlobRoundTripsAndRejectsDamage() throws {
        let blob = LayoutBlob.encode(Self.layout.frames)
        #expect(LayoutBlob.decode(blob) == Self.layout.frames)
        #expect(blob.count == 5 + 4 * (4 + 2 + 32) + "avatar".utf8.count + "username".utf8.count
                + "photo".utf8.count + "caption.line".utf8.count)
        #expect(LayoutBlob.decode(blob.dropLast()) == nil)
        #expect(LayoutBlob.decode(blob + Data([0])) == nil)
        #expect(LayoutBlob.decode(Data([9, 0, 0, 0, 0])) == nil)
        #expect(LayoutBlob.decode(LayoutBlob.encode([])) == [])
    }
}
