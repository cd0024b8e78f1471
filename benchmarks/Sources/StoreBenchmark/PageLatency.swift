import BenchmarkFeed
import FeedModel
import FeedStore
import Foundation
import PhotoFeed

/// Feed pages of 20 with their cached layouts, warm, as `photofeed feed` reads them: the newest
/// `pages` pages are laid out once through ``FeedController/page(width:scale:limit:after:)`` (which
/// stores every cell's layout under its layout-input fingerprint), then pages are read again in a
/// random order, every layout a hit.
struct PageLatency {
    /// Wall-clock percentiles, and the same of the thread's CPU time (which a loaded machine's
    /// preemption does not inflate).
    struct Figures {
        var p50: Double
        var p99: Double
        var cpuP50: Double
        var cpuP99: Double
    }

    /// The pages of the cache-resident variant (``pageWithLayouts(newest:)``): 500 photos.
    static let hotPages = 25
    static let width = 375.0
    static let scale = 2.0

    let store: FeedStore
    let controller: FeedController
    let pages: Int
    /// The pages read, laid out once.
    let laidOut: LaidOutPages
    private let order: [Int]

    init(store: FeedStore, pages: Int) throws {
        self.store = store
        self.pages = pages
        controller = try FeedController(store: store)
        laidOut = try LaidOutPages(controller, store: store, pages: pages, width: Self.width, scale: Self.scale)
        var random = SplitMix64(seed: 7)
        order = (0..<4000).map { _ in random.int(in: 0...(pages - 1)) }
    }

    /// p50 and p99 of `body` over 4,000 runs (each given its run's page), after 200 to warm up.
    func measure(_ body: (_ page: Int, _ run: Int) throws -> Void) rethrows -> Figures {
        for run in 0..<200 { try body(order[run], run) }
        var samples: [Double] = [], cpu: [Double] = []
        samples.reserveCapacity(order.count)
        cpu.reserveCapacity(order.count)
        for (run, page) in order.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            let cpuStart = Self.threadCPUMicroseconds()
            try body(page, run)
            cpu.append(Self.threadCPUMicroseconds() - cpuStart)
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e3)
        }
        samples.sort()
        cpu.sort()
        func percentile(_ sorted: [Double], _ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))] }
        return Figures(p50: percentile(samples, 0.5), p99: percentile(samples, 0.99), cpuP50: percentile(cpu, 0.5),
                       cpuP99: percentile(cpu, 0.99))
    }

    static func threadCPUMicroseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
    }

    /// A feed page of 20 with its layouts, as `feed` reads it: the page, its first comments, the
    /// cells' models and fingerprints, and the layouts (every one a hit). With `newest`, only the
    /// newest `newest` pages are read: the same rows at every size of the feed, small enough to
    /// stay in the CPU's caches.
    func pageWithLayouts(newest: Int? = nil) throws -> Figures {
        try measure { page, _ in
            let page = newest.map { page % $0 } ?? page
            let result = try controller.page(width: Self.width, scale: Self.scale, after: laidOut.cursors[page])
            precondition(result.hits == 20, "a warm page's layouts are all cached")
        }
    }

    /// The store's reads of such a page alone: the page, its first comments and its layouts by
    /// the stored fingerprints.
    func storeReads() throws -> Figures {
        try measure { page, _ in
            let feed = try store.feedPage(after: laidOut.cursors[page], limit: 20)
            _ = try store.firstComments(photoIDs: feed.items.map(\.photo.id), limit: PhotoCellModel.commentPageSize)
            let layouts = try store.cachedLayouts(for: laidOut.keysByPage[page])
            precondition(layouts.count == 20)
        }
    }
}
