import FeedModel

/// The sync workers' running totals as Prometheus counters, one sample per worker and metric,
/// labelled `worker` (its name: `photofeed sync --worker-id`, else host name and process id), read
/// from the database at each scrape (``SyncWorkerCounts``), whichever processes run the workers.
///
/// The totals are the database's: each grows in the transaction that commits a batch of its
/// worker, so a sample is exactly what that worker committed, and a worker started again under
/// the same name goes on counting from where it stopped (the counters never go down while the
/// database lives). They are written as text here rather than through swift-metrics: a counter
/// there can only be incremented, and these are set to the database's values.
///
/// ```text
/// # HELP photofeed_sync_worker_completed_total Jobs a sync worker completed, …
/// # TYPE photofeed_sync_worker_completed_total counter
/// photofeed_sync_worker_completed_total{worker="sync-1"} 1536
/// ```
enum SyncWorkerMetrics {
    /// Each counter's name, help text and value.
    static let counters: [(name: String, help: String, value: @Sendable (SyncWorkerTally) -> Int)] = [
        ("photofeed_sync_worker_completed_total", "Jobs a sync worker completed, as its commits committed them.",
         { $0.completed }),
        ("photofeed_sync_worker_failed_total", "Jobs a sync worker gave up on after their last attempt.", { $0.failed }),
        ("photofeed_sync_worker_retried_total", "Failed or timed-out attempts a sync worker rescheduled.",
         { $0.retried }),
        ("photofeed_sync_worker_cancelled_total",
         "Jobs a sync worker found cancelled or lost the lease of; nothing was applied for them.", { $0.cancelled }),
        ("photofeed_sync_worker_batches_total", "Transactions that committed a sync worker's batch.", { $0.batches }),
        ("photofeed_sync_worker_relayouts_total", "Cells a sync worker laid out again after its commits.",
         { $0.relayouts }),
        ("photofeed_sync_worker_height_changes_total", "Of a sync worker's relayouts, those that changed a cell's height.",
         { $0.heightChanges }),
    ]

    static let lastUpdate = "photofeed_sync_worker_last_update_timestamp_seconds"

    /// The counters of `workers` and the time of each worker's last recorded write, each metric
    /// with its `# HELP` and `# TYPE`; nothing when no worker has committed yet.
    static func exposition(_ workers: [SyncWorkerCounts]) -> String {
        guard !workers.isEmpty else { return "" }
        let sorted = workers.sorted { $0.worker < $1.worker }
        var text = ""
        for counter in counters {
            text += "# HELP \(counter.name) \(counter.help)\n# TYPE \(counter.name) counter\n"
            for worker in sorted {
                text += "\(counter.name){worker=\"\(labelValue(worker.worker))\"} \(counter.value(worker.tally))\n"
            }
        }
        text += "# HELP \(lastUpdate) When a sync worker last recorded its counts, in seconds since 1970 "
            + "(the database's clock).\n# TYPE \(lastUpdate) gauge\n"
        for worker in sorted {
            text += "\(lastUpdate){worker=\"\(labelValue(worker.worker))\"} "
                + "\(ServiceNumber.text(Double(worker.updatedAt) / 1000))\n"
        }
        return text
    }

    /// `value` escaped as the text format requires in a label value: backslash, double quote
    /// and line feed.
    static func labelValue(_ value: String) -> String {
        var escaped = ""
        for character in value {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
