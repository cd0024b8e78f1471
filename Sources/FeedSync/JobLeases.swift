/// The jobs a leased worker holds, and when their lease is next renewed.
///
/// A claim leases its jobs for ``lease`` from the claim; the worker renews every held lease once a
/// third of the lease has passed since the claim or the last renewal, so a lease has two more
/// chances to be renewed before it expires. Times are the worker's lease clock (real time).
///
/// ```swift
/// var leases = JobLeases(lease: .seconds(30))
/// leases.claimed([7, 8], at: .zero)
/// leases.isRenewalDue(at: .seconds(10))   // true
/// ```
struct JobLeases: Sendable {
    /// How long a claim or a renewal holds a job.
    let lease: Duration
    /// The row ids of the jobs held now: claimed, not yet committed, not lost.
    private(set) var held: Set<Int64> = []
    /// The lease clock's time of the last claim or renewal.
    private(set) var renewedAt: Duration = .zero

    init(lease: Duration) {
        self.lease = lease
    }

    /// The lease in the store's integer milliseconds (at least one).
    var leaseMilliseconds: Int64 {
        max(1, lease.wholeMillisecondsRoundedUp)
    }

    /// A third of the lease: the longest a worker goes without renewing.
    var renewalInterval: Duration { lease / 3 }

    /// When the next renewal is due.
    var nextRenewal: Duration { renewedAt + renewalInterval }

    func holds(_ rowID: Int64) -> Bool { held.contains(rowID) }

    /// Whether held leases should be renewed at `now`.
    func isRenewalDue(at now: Duration) -> Bool {
        !held.isEmpty && now >= nextRenewal
    }

    /// Jobs claimed at `now` (the time taken just before the claim, so the lease is never thought
    /// longer than the store made it).
    mutating func claimed(_ rowIDs: [Int64], at now: Duration) {
        held.formUnion(rowIDs)
        renewedAt = now
    }

    /// The store kept `kept` of the held leases at a renewal started at `now`; returns the row ids
    /// lost (expired, maybe claimed by another worker), ascending.
    mutating func renewed(kept: [Int64], at now: Duration) -> [Int64] {
        let keptSet = Set(kept)
        let lost = held.subtracting(keptSet).sorted()
        held.formIntersection(keptSet)
        renewedAt = now
        return lost
    }

    /// Jobs a commit wrote (or discarded): no longer held.
    mutating func release(_ rowIDs: some Sequence<Int64>) {
        held.subtract(rowIDs)
    }
}
