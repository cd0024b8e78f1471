import FeedModel
import FeedSync
import Foundation
import PhotoFeed
import TextLayout

/// `photofeed sync --db postgres://…`: one of any number of workers sharing the database's job
/// queue (``LeasedSyncWorker``). There is no sync lock: each worker claims due jobs in batches
/// of `--batch-size` under a lease of `--lease` seconds, named `--worker-id`. Latencies follow
/// `--clock` (virtual: no waiting, until the queue is drained); leases always run in real time.
extension SyncCommand {
    var leasedConfiguration: LeasedSyncWorker.Configuration {
        let daemon = workerConfiguration
        var configuration = LeasedSyncWorker.Configuration(
            simulation: daemon.simulation, seed: rngSeed, worker: workers.name, batchSize: batchSize,
            lease: workers.leaseDuration)
        configuration.faultInjection = daemon.faultInjection
        configuration.logInterval = log.interval
        return configuration
    }

    /// Runs one leased worker on the server database `feedStore` until the stop condition or a
    /// stop signal.
    func runLeasedWorker(_ feedStore: any MigratingFeedStore, queue: any LeasedSyncWorker.Store,
                         measurer: TextMeasurer, stopSwitch: SyncStopSwitch,
                         output: CommandOutput) async throws -> SyncReport {
        let relayouter = try FeedController(store: feedStore,
                                            cellCapacity: FeedController.relayoutCellCapacity(for: feedStore),
                                            measurer: measurer)
        let syncClock: any SyncClock = clock == .virtual ? VirtualClock() : RealClock()
        let progress = SyncProgressLine.handler()
        var configuration = leasedConfiguration
        if progress == nil {
            configuration.logger = log.logger(database: store.databaseName, output: output)
            configuration.logger[metadataKey: "worker"] = "\(configuration.worker)"
        }
        let worker = LeasedSyncWorker(store: queue, relayouter: relayouter, clock: syncClock,
                                      leaseClock: RealClock(), configuration: configuration)
        let stop = stopCondition
        let task = Task { try await worker.run(until: stop, progress: progress?.update) }
        stopSwitch.attach(task)
        let report = try await task.value
        progress?.finish()
        return report
    }
}
