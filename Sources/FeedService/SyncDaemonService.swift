import FeedModel
import FeedSync
import Foundation
import Logging
import PhotoFeed
import ServiceLifecycle
import TextLayout

/// A sync worker as a service of the server's group (`serve --with-sync`): runs on the real
/// clock (or the one it is given) until the group shuts down gracefully, and publishes its counts
/// as gauges. On a SQLite file the caller holds the database's sync lock for as long as the group
/// runs (``FeedHTTPService/run(onListening:)`` takes it before the group starts), so the
/// one-daemon-per-file rule holds: a `photofeed sync` already running makes start-up fail with
/// its busy message, and one started later is refused. On PostgreSQL it is one more worker of
/// the shared queue.
struct SyncDaemonService: Service {
    let store: any MigratingFeedStore
    let metrics: ServiceMetrics
    let logger: Logger
    /// The daemon's time: the real clock, or a simulated one in tests.
    var clock: any SyncClock = RealClock()
    /// The fonts the daemon's relayouts measure with: the server's.
    var measurer: TextMeasurer = .shared

    func run() async throws {
        let relayouter = try FeedController(store: store,
                                            cellCapacity: FeedController.relayoutCellCapacity(for: store),
                                            measurer: measurer)
        let process = ProcessInfo.processInfo
        let configuration = SyncWorker.Configuration(worker: "\(process.hostName):\(process.processIdentifier)")
        let worker = SyncWorker(store: store, relayouter: relayouter, clock: clock,
                                configuration: configuration)
        let gauges = (completed: metrics.syncGauge("completed"), failed: metrics.syncGauge("failed"),
                      retried: metrics.syncGauge("retried"), pending: metrics.syncGauge("pending"),
                      relayouts: metrics.syncGauge("relayouts"))
        logger.info("sync daemon started in-process")
        // The worker's store calls hold their thread: it runs on threads of its own, never on the
        // cooperative threads that answer requests.
        let report = try await withTaskExecutorPreference(WorkerThreads(threads: 2)) {
            try await cancelWhenGracefulShutdown {
                try await worker.run(until: .cancelled) { progress in
                    gauges.completed.record(progress.completed)
                    gauges.failed.record(progress.failed)
                    gauges.retried.record(progress.retried)
                    gauges.pending.record(progress.pending)
                    gauges.relayouts.record(progress.relayouts)
                }
            }
        }
        logger.info("sync daemon stopped", metadata: [
            "completed": "\(report.completed)", "failed": "\(report.failed)", "relayouts": "\(report.relayouts)",
        ])
    }
}
