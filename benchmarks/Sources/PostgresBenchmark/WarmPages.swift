import BenchmarkFeed
import FeedModel
import FeedStore
import Foundation
import PhotoFeed

/// Warm feed pages of 20 as `feed` reads them from a store: the page, its photos' first comments
/// and their cached layouts (every one a hit). The newest `pages` pages are laid out once on the
/// SQLite store through ``FeedController`` (which stores each cell's layout under its
/// layout-input fingerprint); ``copyLayouts(to:)`` stores the same layouts in another store of
/// the same rows. ``measure(_:)`` then reads pages in one random order on any such store.
struct WarmPages {
    static let width = 375.0
    static let scale = 2.0
    static let warmUpRuns = 200
    static let runs = 4000

    private let laidOut: LaidOutPages
    private let order: [Int]

    /// Lays out the newest `pages` pages of `store` and stores their layouts.
    init(laidOutOn store: FeedStore, pages: Int) throws {
        laidOut = try LaidOutPages(FeedController(store: store), store: store, pages: pages, width: Self.width,
                                   scale: Self.scale)
        var random = SplitMix64(seed: 7)
        order = (0..<(Self.warmUpRuns + Self.runs)).map { _ in random.int(in: 0...(pages - 1)) }
    }

    /// Stores the layouts `source` holds for every page in `target`, a page per transaction.
    func copyLayouts(from source: any LayoutCacheStoring, to target: any LayoutCacheStoring) throws {
        for keys in laidOut.keysByPage {
            let layouts = try source.cachedLayouts(for: keys, countAccess: false)
            precondition(layouts.count == keys.count, "every laid-out page's layouts are stored")
            try target.putLayouts(keys.map { ($0, layouts[$0.photoID]!) })
        }
    }

    /// p50 and p99 in µs of reading a page, its first comments and its layouts from `store`, over
    /// ``runs`` pages after ``warmUpRuns``.
    func measure(_ store: any FeedReading & LayoutCacheStoring) throws -> (p50: Double, p99: Double) {
        var samples: [Double] = []
        samples.reserveCapacity(Self.runs)
        for (run, page) in order.enumerated() {
            let time = try Timing.microseconds {
                let feed = try store.feedPage(after: laidOut.cursors[page], limit: 20)
                _ = try store.firstComments(photoIDs: feed.items.map(\.photo.id),
                                            limit: PhotoCellModel.commentPageSize)
                let layouts = try store.cachedLayouts(for: laidOut.keysByPage[page], countAccess: true)
                precondition(layouts.count == 20, "a warm page's layouts are all cached")
            }
            if run >= Self.warmUpRuns { samples.append(time) }
        }
        return (Timing.percentile(samples, 0.5), Timing.percentile(samples, 0.99))
    }

    /// The same as ``measure(_:)`` (same pages, same order) through the service's seam: one
    /// ``FeedServing/pageRows(after:limit:commentLimit:slot:)`` per page (one statement).
    func measureRows(_ store: any FeedServing) async throws -> (p50: Double, p99: Double) {
        var samples: [Double] = []
        samples.reserveCapacity(Self.runs)
        let clock = ContinuousClock()
        for (run, page) in order.enumerated() {
            let keys = laidOut.keysByPage[page]
            let slot = LayoutSlot(cellKind: keys[0].cellKind, sizeRange: keys[0].sizeRange, scale: keys[0].scale)
            let start = clock.now
            let rows = try await store.pageRows(after: laidOut.cursors[page], limit: 20,
                                                commentLimit: PhotoCellModel.commentPageSize, slot: slot)
            let elapsed = start.duration(to: clock.now)
            precondition(keys.allSatisfy { rows.layouts[$0.photoID]?.isCurrent(for: $0) == true },
                         "a warm page's layouts are all cached")
            if run >= Self.warmUpRuns {
                let (seconds, attoseconds) = elapsed.components
                samples.append(Double(seconds) * 1e6 + Double(attoseconds) / 1e12)
            }
        }
        return (Timing.percentile(samples, 0.5), Timing.percentile(samples, 0.99))
    }
}
