import FeedStore
import Foundation

/// Feed pages of 20 with their cached layouts, warm: the newest `pages` pages get a 12-frame
/// layout per photo (as the photo cell has), then pages are read in a random order.
struct PageLatency {
    /// Wall-clock percentiles, and the same of the thread's CPU time (which a loaded machine's
    /// preemption does not inflate).
    struct Figures {
        var p50: Double
        var p99: Double
        var cpuP50: Double
        var cpuP99: Double
    }

    let store: FeedStore
    let pages: Int
    private(set) var cursors: [FeedCursor?] = []
    private(set) var keysByPage: [[LayoutCacheKey]] = []
    private var order: [Int] = []

    static func key(_ item: FeedItem) -> LayoutCacheKey {
        LayoutCacheKey(cellKind: "photo", photoID: item.photo.id, contentVersion: item.photo.contentVersion,
                       sizeRange: .width(375), scale: 2, engineVersion: 1, fingerprint: [1])
    }

    init(store: FeedStore, pages: Int) throws {
        self.store = store
        self.pages = pages
        let frames = (0..<12).map { CachedFrame(id: "node\($0)", x: 8, y: Double($0) * 20, width: 359, height: 18) }
        var cursor: FeedCursor?
        for _ in 0..<pages {
            let page = try store.feedPage(after: cursor, limit: 20)
            let keys = page.items.map(Self.key)
            try store.putLayouts(keys.map { ($0, CachedLayout(width: 375, height: 520, frames: frames)) })
            cursors.append(cursor)
            keysByPage.append(keys)
            cursor = page.next
        }
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

    /// A feed page of 20 and its cached layouts, as `feed` reads them (every layout a hit).
    func pageWithLayouts() throws -> Figures {
        try measure { page, _ in
            let feed = try store.feedPage(after: cursors[page], limit: 20)
            let layouts = try store.cachedLayouts(for: feed.items.map(Self.key))
            precondition(layouts.count == 20)
        }
    }
}
