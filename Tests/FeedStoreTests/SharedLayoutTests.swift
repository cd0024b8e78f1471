@testable import FeedModel
@_spi(SQLiteAccess) @testable import FeedStore
import Foundation
import GRDB
import LayoutTestSupport
import Testing

/// Identical cells share one cache entry: the layout of a (fingerprint, size range, scale) is
/// stored once in `cell_layout`, and each photo links to it from `layout_cache`. A photo is
/// served only through its own link, so a stale link is never served.
@Suite(.blockingWork) struct SharedLayoutTests {
    static func counts(_ store: FeedStore) throws -> (links: Int, layouts: Int) {
        try store.writer.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM layout_cache") ?? -1,
             try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM cell_layout") ?? -1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func twoPhotosWithIdenticalCellsShareOneLayout(kind: StoreKind) throws {
        // Given photos 1 and 2 whose cells have the same inputs (LayoutCacheTests' fingerprint
        // depends on the content only), stored at two widths
        let store = try LayoutCacheTests.seeded(kind)
        let layout = LayoutCacheTests.layout
        for width in [375.0, 414] {
            try store.putLayouts([(LayoutCacheTests.key(1, width: width), layout),
                                  (LayoutCacheTests.key(2, width: width), layout)])
        }
        // Then each photo has its link, and each width one layout
        #expect(try Self.counts(store) == (4, 2))
        #expect(try store.cachedLayouts(for: [LayoutCacheTests.key(1), LayoutCacheTests.key(2)]) == [1: layout, 2: layout])
        #expect(try store.layoutCacheReport(engineVersion: 1).entries == 4)

        // A photo without a link of its own is a miss, even though its layout is stored; storing
        // it adds a link, not a layout.
        #expect(try store.cachedLayout(for: LayoutCacheTests.key(3)) == nil)
        try store.putLayout(layout, for: LayoutCacheTests.key(3))
        #expect(try Self.counts(store) == (5, 2))
        #expect(try store.cachedLayout(for: LayoutCacheTests.key(3)) == layout)
    }

    @Test(arguments: StoreKind.allCases)
    func aPhotoWhoseInputsChangeLeavesTheOthersLayoutAlone(kind: StoreKind) throws {
        let store = try LayoutCacheTests.seeded(kind)
        let layout = LayoutCacheTests.layout
        try store.putLayouts([(LayoutCacheTests.key(1), layout), (LayoutCacheTests.key(2), layout)])
        // When photo 1's inputs change (content 2) and the daemon replaces its layout
        var taller = layout
        taller.height = 600
        #expect(try store.replaceLayouts([(LayoutCacheTests.key(1, content: 2), taller)]) == 1)
        // Then photo 1 is served its new layout, photo 2 the shared one it links to
        #expect(try Self.counts(store) == (2, 2))
        #expect(try store.cachedLayout(for: LayoutCacheTests.key(1, content: 2)) == taller)
        #expect(try store.cachedLayout(for: LayoutCacheTests.key(2)) == layout)
        // and a request with photo 1's old inputs is a miss: its link names the new fingerprint.
        #expect(try store.cachedLayout(for: LayoutCacheTests.key(1)) == nil)
        // A photo whose link was deleted (photo gone) gets neither a link nor a layout back.
        try store.deletePhoto(id: 2)
        var other = layout
        other.height = 700
        #expect(try store.replaceLayouts([(LayoutCacheTests.key(2, content: 3), other)]) == 0)
        #expect(try Self.counts(store) == (1, 2))
    }

    @Test func migrationSharesTheLayoutsOfRowsWithTheSameFingerprint() throws {
        // Given a database at 0010 with rows of photos 1 and 2 of one fingerprint, and one of
        // photo 4 from before fingerprints
        let store = try StoreFixture.store(.file, migrationTarget: .upTo(CommentFeedStoreTests.previous))
        try StoreFixture.copySmallSeed(into: store)
        let frames = LayoutBlob.encode(LayoutCacheTests.layout.frames)
        let fingerprint = Data(LayoutCacheTests.fingerprint(1))
        try store.writer.write { db in
            for (photo, print) in [(1, fingerprint as Data?), (2, fingerprint), (4, nil)] {
                try db.execute(sql: """
                    INSERT INTO layout_cache (photo_id, cell_kind, min_width, min_height, max_width, max_height, scale,
                                              content_version, engine_version, width, height, frames, computed_at,
                                              fingerprint)
                    VALUES (?, 'photo', 375, 0, 375, 1e999, 2, 1, 1, 375, 512.5, ?, ?, ?)
                    """, arguments: [photo, frames, photo, print])
            }
        }
        // When it migrates
        try store.migrate()
        // Then every row is a link, and the two of one fingerprint share one layout
        #expect(try Self.counts(store) == (3, 1))
        let keys = [LayoutCacheTests.key(1), LayoutCacheTests.key(2), LayoutCacheTests.key(4)]
        #expect(try store.cachedLayouts(for: keys, countAccess: false)
            == [1: LayoutCacheTests.layout, 2: LayoutCacheTests.layout])
    }
}
