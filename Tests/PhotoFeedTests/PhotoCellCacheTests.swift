import PhotoFeed
import Testing
import LayoutTestSupport

/// The cell cache is an exact LRU: hits refresh recency, a full cache drops the least recently
/// used cell, and an updated model reaches the cached cell.
@Suite struct PhotoCellCacheTests {
    static func model(_ photoID: Int64, likes: Int = 0) -> PhotoCellModel {
        var model = PhotoCellNodeTests.base
        model.photoID = photoID
        model.likes = likes
        return model
    }

    @Test func dropsTheLeastRecentlyUsedCell() {
        let cache = PhotoCellCache(capacity: 3)
        let first = cache.cell(for: Self.model(1))
        _ = cache.cell(for: Self.model(2))
        _ = cache.cell(for: Self.model(3))
        #expect(cache.cell(for: Self.model(1)) === first, "a hit returns the cached cell")
        _ = cache.cell(for: Self.model(4))  // 2 is now the least recently used
        #expect(cache.count == 3)
        #expect(cache.cachedCell(photoID: 2) == nil)
        #expect([1, 3, 4].allSatisfy { cache.cachedCell(photoID: $0) != nil })
        _ = cache.cachedCell(photoID: 3)  // a peek is not a use
        _ = cache.cell(for: Self.model(5))
        #expect(cache.cachedCell(photoID: 3) == nil)
        _ = cache.cell(for: Self.model(4))
        _ = cache.cell(for: Self.model(6))
        #expect(cache.cachedCell(photoID: 1) == nil)
        #expect([4, 5, 6].allSatisfy { cache.cachedCell(photoID: $0) != nil })
    }

    @Test func aHitShowsTheModelAskedFor() {
        let cache = PhotoCellCache(capacity: 1)
        let cell = cache.cell(for: Self.model(7, likes: 1))
        #expect(cache.cell(for: Self.model(7, likes: 9)) === cell)
        #expect(cell.model.likes == 9)
        _ = cache.cell(for: Self.model(8))
        #expect(cache.count == 1 && cache.cachedCell(photoID: 7) == nil)
    }

    @Test func manyUsesKeepTheNewestCapacityCells() {
        let cache = PhotoCellCache(capacity: 16)
        var random = SeededRandom(seed: 0xCE11)
        var recent: [Int64] = []
        for _ in 0..<2_000 {
            let photoID = Int64(random.int(in: 0...39))
            _ = cache.cell(for: Self.model(photoID))
            recent.removeAll { $0 == photoID }
            recent.append(photoID)
        }
        let expected = Set(recent.suffix(16))
        #expect(cache.count == 16)
        #expect((0..<40).filter { cache.cachedCell(photoID: $0) != nil } == expected.sorted())
    }
}
