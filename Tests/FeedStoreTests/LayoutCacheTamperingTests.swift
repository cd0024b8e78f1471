@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import LayoutTestSupport
import Testing

/// A layout-cache row edited outside the program (a negative or non-finite size, a frame that
/// names a later parent) is never served: the lookup counts it as a miss, so its layout is
/// computed and stored again.
@Suite(.blockingWork) struct LayoutCacheTamperingTests {
    static let key = LayoutCacheTests.key(1)

    /// SQL that damages photo 1's row, and what each damage is.
    static let tamperings: [(sql: String, what: String)] = [
        ("UPDATE layout_cache SET width = -375", "a negative width"),
        ("UPDATE layout_cache SET height = 1e300 * 1e300", "an infinite height"),
        ("UPDATE layout_cache SET height = 10000000", "a height Texture's rules make 0"),
        ("UPDATE cell_layout SET frames = ?", "a frame with a NaN x"),
        ("UPDATE cell_layout SET frames = ?", "a frame whose parent comes after it"),
    ]

    static func damagedFrames(_ what: String) -> Data {
        var frames = LayoutCacheTests.layout.frames
        if what.contains("NaN") { frames[1].x = .nan } else { frames[0].parent = 3 }
        return LayoutBlob.encode(frames)
    }

    @Test(arguments: StoreKind.allCases, 0..<tamperings.count)
    func aTamperedRowIsAMissAndIsStoredAgain(kind: StoreKind, index: Int) throws {
        // Given a cached layout whose row is then damaged
        let store = try LayoutCacheTests.seeded(kind)
        try store.putLayout(LayoutCacheTests.layout, for: Self.key)
        let (sql, what) = Self.tamperings[index]
        try store.writer.write { db in
            let arguments: StatementArguments = sql.contains("?") ? [Self.damagedFrames(what)] : []
            try db.execute(sql: sql, arguments: arguments)
        }

        // When it is looked up, it is a miss
        #expect(try store.cachedLayout(for: Self.key) == nil, "\(what) is not served")

        // Then storing the recomputed layout serves it again
        try store.putLayout(LayoutCacheTests.layout, for: Self.key)
        #expect(try store.cachedLayout(for: Self.key) == LayoutCacheTests.layout)
        let report = try store.layoutCacheReport(engineVersion: 1)
        #expect(report.hits == 1 && report.misses == 1 && report.entries == 1)
    }

    @Test func plausibilityAcceptsWhatMeasurementsStore() {
        #expect(LayoutCacheTests.layout.isPlausible)
        #expect(CachedLayout(width: 0, height: 0, frames: []).isPlausible, "an empty cell")
        #expect(CachedLayout(width: 10, height: 10, frames: [CachedFrame(id: "a", x: -4, y: 0, width: 2, height: 2)])
            .isPlausible, "a node placed left of the cell")
    }
}
