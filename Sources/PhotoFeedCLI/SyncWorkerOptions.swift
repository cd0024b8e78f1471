import ArgumentParser
import Foundation

/// `sync`'s options for a shared PostgreSQL queue, where any number of workers run at once
/// (``LeasedSyncWorker``): the worker's name in the leases and how long a claim holds its jobs.
/// `--batch-size` (jobs claimed, and committed, per transaction) is `sync`'s own.
struct SyncWorkerOptions: ParsableArguments {
    @Option(name: .customLong("worker-id"),
            help: "PostgreSQL only: this worker's name in the job leases, unique among the workers (default: host name and process id).")
    var workerID: String?

    @Option(name: .customLong("lease"), parsing: .unconditional,
            help: "PostgreSQL only: seconds a claimed batch is held before other workers may take its jobs (0.05…86400; renewed every third of it while the worker runs; default 30).")
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

    /// Whether either option was given (they apply to a server database only).
    var isGiven: Bool { workerID != nil || lease != nil }

    /// The worker's name: `--worker-id`, else `host:pid`.
    var name: String {
        workerID ?? "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier)"
    }

    var leaseDuration: Duration {
        .milliseconds(Int64(((lease ?? Self.defaultLease) * 1000).rounded()))
    }
}
