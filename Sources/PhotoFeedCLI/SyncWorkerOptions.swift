import ArgumentParser
import Foundation

/// `sync`'s options for the shared job queue (``SyncWorker``): the worker's name in the leases and
/// how long a claim holds its jobs.
/// `--batch-size` (jobs claimed, and committed, per transaction) is `sync`'s own.
struct SyncWorkerOptions: ParsableArguments {
    @Option(name: .customLong("worker-id"),
            help: "This worker's name in the job leases, unique among the workers (default: host name and process id).")
    var workerID: String?

    @Option(name: .customLong("lease"), parsing: .unconditional,
            help: "Seconds a claimed batch is held before other workers may take its jobs (0.05…86400; renewed every third of it while the worker runs; default 30).")
    var lease: Double?

    static let leaseBounds = 0.05 ... 86_400.0
    static let defaultLease = 30.0

    func validate() throws {
        if let lease, !(lease.isFinite && Self.leaseBounds.contains(lease)) {
            throw ValidationError("--lease must lie in 0.05…86400 seconds, not \(lease)")
        }
        if let workerID, workerID.isEmpty || workerID.count > 200 {
            throw ValidationError("--worker-id must have 1 to 200 characters")
        }
    }

    /// The worker's name: `--worker-id`, else `host:pid`.
    var name: String {
        workerID ?? "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier)"
    }

    var leaseDuration: Duration {
        .milliseconds(Int64(((lease ?? Self.defaultLease) * 1000).rounded()))
    }
}
