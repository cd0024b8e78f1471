import FeedModel
import FeedStore
import FeedSync
import LayoutTestSupport
import PhotoFeed
import StoreTestSupport
import Testing

/// The daemon with the real cells: the summary's relayout and height-change counts follow from
/// the seed and the batches alone, however the layout passes are timed against the commits, and
/// every cached layout ends as a new cell computes it.
@Suite(.blockingWork) struct SyncRelayoutCountTests {
    /// Syncs a generated feed of 120 photos whose layouts are cached at two widths, with layout
    /// passes inline or overlapping the next batch, measured on `parallelism` threads and with a
    /// cell cache of `cellCapacity` (a small one makes most relayouts read their photo).
    static func run(overlaps: Bool, parallelism: Int, cellCapacity: Int = 4096) async throws
        -> (report: SyncReport, store: FeedStore) {
        let store = try FeedTestStore.empty()
        try store.seedGenerated(count: 120, rngSeed: 11,
                                seedDataDirectory: FeedTestStore.projectRoot.appendingPathComponent("seed-data"))
        let precompute = try FeedController(store: store)
        for width in [375.0, 414] {
            #expect(try precompute.page(width: width, scale: 2, limit: 120).misses == 120)
        }
        let controller = try FeedController(store: store, cellCapacity: cellCapacity, parallelism: parallelism)
        let configuration = SyncWorker.Configuration(seed: 3, batchSize: 16, overlapsRelayout: overlaps)
        let report = try await SyncWorker(store: store, relayouter: controller, clock: VirtualClock(),
                                          configuration: configuration).run(until: .idle)
        return (report, store)
    }

    @Test(.tags(.slow), .notInQuickRuns) func overlappingPassesCountWhatInlinePassesCount() async throws {
        let (inline, inlineStore) = try await Self.run(overlaps: false, parallelism: 1)
        #expect(inline.batches > 10)
        // Images and avatars are display only; a geocode lays out again the cells whose location
        // label appears, and a comment feed those whose comments appear, at both cached widths
        // (once for a photo whose two arrive in the same batch).
        let items = try inlineStore.feedPage(after: nil, limit: 120).items
        let cells = try FeedController(store: inlineStore).cells(for: items)
        let located = cells.count { $0.model.locationName != nil }
        let commented = cells.count { !$0.model.commentLabels.isEmpty }
        #expect(located > 0 && commented > 0)
        #expect(inline.relayouts >= 2 * max(located, commented))
        #expect(inline.relayouts <= 2 * (located + commented))
        // Images, avatars and geocodes change no height: the photo is always square, the avatar
        // 30 × 30, and a location line still fits the 50-high header. Comments make a cell taller.
        #expect(inline.heightChanges == 2 * commented, "each photo whose comments appeared, at both widths")
        for (parallelism, capacity) in [(1, 4096), (2, 4096), (2, 8)] {
            let overlapped = try await Self.run(overlaps: true, parallelism: parallelism, cellCapacity: capacity)
            #expect(overlapped.report == inline, "\(parallelism) threads, \(capacity) cells")
            guard capacity == 8 else { continue }
            // Most models came from the changes and the pass before, few cells stayed in memory.
            let controller = try FeedController(store: overlapped.store)
            for width in [375.0, 414] {
                let page = try controller.page(width: width, scale: 2, limit: 120)
                #expect(page.hits == 120, "every cached layout is of its photo's current content")
                for entry in page.entries {
                    let fresh = try FeedControllerTests.fresh(overlapped.store, photoID: entry.photoID, width: width,
                                                              scale: 2, referenceTime: controller.referenceTime)
                    #expect(entry.layout == fresh, "photo \(entry.photoID) at \(width)")
                }
            }
        }
    }
}
