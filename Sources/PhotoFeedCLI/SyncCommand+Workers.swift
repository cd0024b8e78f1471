import FeedModel
import FeedStore
import FeedSync
import Foundation
import PhotoFeed
import TextLayout

/// `photofeed sync`: one ``SyncWorker`` on the database's job queue, SQLite or PostgreSQL. Each
/// worker claims due jobs in batches of `--batch-size` under a lease of `--lease` seconds, named
/// `--worker-id`. Latencies follow `--clock` (virtual: no waiting, until the queue is drained);
/// leases always run in real time.
///
/// On a SQLite file one `sync` process runs at a time (the file's ``SyncLock``): the worker that
/// takes the lock first gives back every job left running, whoever leased it, since no other
/// process can hold a lease (a killed daemon's jobs are due again at once, not after its lease).
/// On PostgreSQL any number of workers run at once, on any machines; no lock.
extension SyncCommand {
    /// The file's sync lock, for a SQLite store, once the jobs a dead daemon held are given back.
    static func takeSyncLock(_ feedStore: any MigratingFeedStore) throws -> SyncLock? {
        guard let file = feedStore as? FeedStore else { return nil }
        let lock = try file.lockForSync()
        do {
            try file.releaseRunningJobs()
        } catch {
            lock.release()
            throw error
        }
        return lock
    }

    /// Runs one worker on `feedStore` until the stop condition or a stop signal.
    func runWorker(_ feedStore: any MigratingFeedStore, measurer: TextMeasurer, stopSwitch: SyncStopSwitch,
                   output: CommandOutput) async throws -> SyncReport {
        let relayouter = try FeedController(store: feedStore,
                                            cellCapacity: FeedController.relayoutCellCapacity(for: feedStore),
                                            measurer: measurer)
        let syncClock: any SyncClock = clock == .virtual ? VirtualClock() : RealClock()
        let progress = SyncProgressLine.handler()
        var configuration = workerConfiguration
        if progress == nil {
            configuration.logger = log.logger(database: store.databaseName, output: output)
            if case .server = store.location {
                configuration.logger[metadataKey: "worker"] = "\(configuration.worker)"
            }
        }
        let worker = SyncWorker(store: feedStore, relayouter: relayouter, clock: syncClock,
                                leaseClock: RealClock(), configuration: configuration)
        let stop = stopCondition
        let task = Task { try await worker.run(until: stop, progress: progress?.update) }
        stopSwitch.attach(task)
        let report = try await task.value
        progress?.finish()
        return report
    }
}
