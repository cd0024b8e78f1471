import FeedModel
import FeedStore
import FeedSync
import Foundation
import PhotoFeed

/// The benchmark's child processes, so that each one's peak memory is its own: `--child seed`
/// seeds N generated photos into a new database; `--child daemon` runs the sync daemon (the
/// worker with the feed controller's relayout, as `photofeed sync` builds them) on the virtual
/// clock for `daemonSeconds` of simulated time; `--child pages` times warm feed pages on a database
/// seeded before (to study the page without seeding again). Each prints `key=value` lines.
enum StoreChild {
    /// Simulated seconds the daemon runs at each size.
    static let daemonSeconds = 600

    static func run(_ mode: String, database: String, photos: Int, root: URL, clock: StoreClock) async throws {
        let migrations = root.appendingPathComponent("Migrations")
        let store = try FeedStore(path: database, migrationsDirectory: migrations, clock: clock)
        switch mode {
        case "seed":
            var counts: SeedCounts!
            let time = try Timing.seconds {
                counts = try store.seedGenerated(count: photos, rngSeed: 1,
                                                 seedDataDirectory: root.appendingPathComponent("seed-data"))
            }
            print("seconds=\(time)")
            print("rows=\(counts.users + counts.photos + counts.locations + counts.comments + counts.cities + counts.syncJobs)")
            print("counts=\(counts!)")
        case "daemon":
            let controller = try FeedController(store: store,
                                                cellCapacity: FeedController.relayoutCellCapacity(for: store))
            let worker = SyncWorker(store: store, relayouter: controller, clock: VirtualClock(),
                                    configuration: SyncWorker.Configuration(seed: 1))
            let report = try await worker.run(until: .duration(.seconds(daemonSeconds)))
            print("completed=\(report.completed)")
            print("relayouts=\(report.relayouts)")
        case "pages":
            let latency = try PageLatency(store: store, pages: min(500, photos / 20 - 1))
            let query = try latency.measure { page, _ in _ = try store.feedPage(after: latency.laidOut.cursors[page], limit: 20) }
            let reads = try latency.storeReads()
            let page = try latency.pageWithLayouts()
            let hot = try latency.pageWithLayouts(newest: PageLatency.hotPages)
            print("pageQueryP50=\(query.p50)")
            print("storeReadsP50=\(reads.p50)")
            print("pageP50=\(page.p50)")
            print("pageP99=\(page.p99)")
            print("pageCPUP50=\(page.cpuP50)")
            print("hotPageP50=\(hot.p50)")
        default:
            fatalError("unknown child mode \(mode)")
        }
        print("peakMiB=\(Timing.peakResidentMebibytes())")
    }
}
