import FeedModel
@testable import FeedSync
import Synchronization
import LayoutTestSupport
import Testing

/// Workers sharing the SQLite store's leased queue (``LeasedStore``, every clock injected):
/// whatever the number of workers, lost leases or renewals, the database ends as after one
/// ``SyncWorker`` run with the same seed, and every job's effect is applied once.
@Suite(.blockingWork) struct SyncWorkerLeaseTests {
    static let simulation = SyncDeterminismTests.simulation
    static let seed: UInt64 = 7
    static let photos = 30
    /// 30 image jobs, 3 avatars, 23 geocodes (every fourth photo has no location), 30 comment feeds.
    static let jobCount = 30 + 3 + 23 + 30

    /// The one-daemon reference: the same seed and simulation on a store of its own.
    static func daemonSnapshot() async throws -> String {
        let store = try SyncFixture.seededStore(photos: photos)
        _ = try await SyncDeterminismTests.run(seed: seed, store: store)
        return try SyncFixture.userVisibleSnapshot(store)
    }

    static func worker(_ name: String, queue: LeasedStore, batchSize: Int = 5, lease: Duration = .seconds(30),
                       simulation: SyncSimulation = simulation, clock: (any SyncClock)? = nil,
                       fault: (@Sendable (SyncFaultPoint) -> Void)? = nil) -> SyncWorker {
        var configuration = SyncWorker.Configuration(simulation: simulation, seed: seed, worker: name,
                                                     batchSize: batchSize, lease: lease)
        configuration.faultInjection = fault
        return SyncWorker(store: queue.store, relayouter: RecordingRelayouter(), clock: clock ?? VirtualClock(),
                          leaseClock: queue.time, configuration: configuration)
    }

    /// Runs `workers` at once until the queue is drained; returns their reports.
    static func runTogether(_ workers: [SyncWorker]) async throws -> [SyncReport] {
        try await withThrowingTaskGroup(of: SyncReport.self) { group in
            for worker in workers { group.addTask { try await worker.run(until: .idle) } }
            return try await group.reduce(into: [SyncReport]()) { $0.append($1) }
        }
    }

    @Test func threeWorkersEndWithTheDaemonsDatabaseAndApplyEachJobOnce() async throws {
        let queue = try LeasedStore(photos: Self.photos, time: VirtualClock())
        let reports = try await Self.runTogether((1 ... 3).map { Self.worker("w\($0)", queue: queue) })

        #expect(try await SyncFixture.userVisibleSnapshot(queue.store) == Self.daemonSnapshot())
        #expect(reports.map { $0.completed + $0.failed }.reduce(0, +) == Self.jobCount)
        #expect(reports.allSatisfy { $0.pending == 0 })
        #expect(reports.map(\.retried).reduce(0, +) > 0, "the settings make failures likely")
    }

    @Test func twoWorkersOnOneSQLiteFileEndWithTheOneWorkerFeed() async throws {
        // Given one database file and two workers, each with connections of its own
        let first = try LeasedStore(photos: Self.photos, time: VirtualClock(), file: true)
        let second = try LeasedStore(sharing: first)

        // When both run until the queue is drained
        let reports = try await Self.runTogether([Self.worker("a", queue: first), Self.worker("b", queue: second)])

        // Then the file holds the one-worker feed, every job's effect applied once
        #expect(try await SyncFixture.userVisibleSnapshot(first.store) == Self.daemonSnapshot())
        #expect(reports.map { $0.completed + $0.failed }.reduce(0, +) == Self.jobCount)
        #expect(reports.allSatisfy { $0.pending == 0 })
        #expect(try first.holders.isEmpty)
    }

    @Test func aBatchSizeOfOneAndOfAllEndTheSame() async throws {
        let expected = try await Self.daemonSnapshot()
        for batchSize in [1, 1000] {
            let queue = try LeasedStore(photos: Self.photos, time: VirtualClock())
            let report = try await Self.worker("solo", queue: queue, batchSize: batchSize).run(until: .idle)
            #expect(try SyncFixture.userVisibleSnapshot(queue.store) == expected)
            #expect(report.completed + report.failed == Self.jobCount)
            #expect(report.batches == (Self.jobCount + batchSize - 1) / batchSize)
            #expect(report.cancelled == 0)
        }
    }

    @Test func aCompletionWhoseLeaseWasLostIsDiscardedAndTheJobRunsAgain() async throws {
        // Given a worker whose first batch's leases expire before it commits, and another worker
        // that claims those jobs meanwhile and dies (its leases expire in turn)
        let queue = try LeasedStore(photos: Self.photos, time: VirtualClock())
        let lease = Duration.seconds(30)
        let stolen = Mutex<[Int64]>([])
        let worker = Self.worker("slow", queue: queue, lease: lease) { point in
            guard point == .beforeCommit(batch: 1) else { return }
            queue.time.advance(by: lease)
            let claimed = try? queue.claimDueJobs(worker: "dead", limit: 5, leaseMilliseconds: 30_000)
            stolen.withLock { $0 = claimed?.map(\.rowID) ?? [] }
        }

        // When the first worker runs until the queue is drained
        let report = try await worker.run(until: .idle)

        // Then its first batch was discarded, and it ran those jobs again once the dead
        // worker's leases expired: each job applied once, the daemon's database
        #expect(stolen.withLock { $0.count } == 5)
        #expect(report.cancelled == 5)
        #expect(report.completed + report.failed == Self.jobCount)
        #expect(try await SyncFixture.userVisibleSnapshot(queue.store) == Self.daemonSnapshot())
    }

    @Test func leasesAreRenewedWhileLatenciesPass() async throws {
        // Given latencies waited on the lease clock itself, a batch far longer than its lease
        let time = VirtualClock()
        let queue = try LeasedStore(photos: Self.photos, time: time)
        var simulation = Self.simulation
        simulation.concurrency = 2
        let worker = Self.worker("patient", queue: queue, batchSize: 40, lease: .seconds(1), simulation: simulation,
                                 clock: time)

        // When it runs until idle
        let report = try await worker.run(until: .idle)

        // Then it kept every lease by renewing and lost none
        #expect(time.now() > .seconds(3))
        #expect(await worker.leaseRenewals >= 3)
        #expect(await worker.lostLeases == 0)
        #expect(report.cancelled == 0)
        #expect(report.completed + report.failed == Self.jobCount)
        #expect(try await SyncFixture.userVisibleSnapshot(queue.store) == Self.daemonSnapshot())
    }

    @Test func aJobLostWhileRetryingIsLeftToItsNewHolder() async throws {
        // Given a worker that cannot renew in time: its clock jumps past the lease in one wait
        let time = VirtualClock()
        let queue = try LeasedStore(photos: 4, time: time)
        let simulation = SyncFixture.fixedSimulation(latency: .seconds(2), concurrency: 1)
        let worker = Self.worker("late", queue: queue, batchSize: 2, lease: .seconds(1), simulation: simulation,
                                 clock: JumpingClock(time: time, jump: .seconds(5)))

        // When it runs one batch's worth of time and renews
        let report = try await worker.run(until: .duration(.seconds(6)))

        // Then the jobs it no longer held were not committed, and are due again for any worker
        #expect(await worker.lostLeases == 2)
        #expect(report.completed == 0)
        #expect(report.cancelled == 2)
        #expect(report.pending == 4 + 3 + 3 + 4)
        #expect(try queue.claimDueJobs(worker: "next", limit: 100, leaseMilliseconds: 1000).count == 14)
    }

    @Test func aBatchThatLostEveryLeaseSleepsToItsNextEventInsteadOfSpinning() async throws {
        // Given a worker on a simulated clock whose machine stalls at every wait: the lease clock
        // (real time, in a deployment) passes the lease each time, so its first renewal finds
        // every lease lost, and the batch goes on with attempts it no longer holds
        let time = VirtualClock()
        let queue = try LeasedStore(photos: 4, time: time)
        let simulation = SyncFixture.fixedSimulation(latency: .seconds(2), concurrency: 1)
        let clock = StallingClock(stalling: time, by: .seconds(2), cancellingAfter: 1_000)
        let worker = Self.worker("stalled", queue: queue, batchSize: 2, lease: .seconds(1), simulation: simulation,
                                 clock: clock)

        // When it runs for 6 s of simulated time
        let report = try await worker.run(until: .duration(.seconds(6)))

        // Then each batch lost its leases, slept to its next completion and ended (a worker that
        // woke for a renewal that never came would spin until the clock cancelled it)
        #expect(clock.sleeps < 100, "\(clock.sleeps) waits")
        #expect(await worker.lostLeases >= 4)
        #expect(report.completed == 0)
        #expect(report.elapsed == .seconds(6))
    }

    @Test func aCancelledWorkerCommitsWhatItDecidedAndGivesTheRestBack() async throws {
        // Given a worker stopped in the middle of its second batch
        let queue = try LeasedStore(photos: Self.photos, time: VirtualClock())
        let worker = Self.worker("stopping", queue: queue, batchSize: 10, clock: CancellingClock(afterSleeps: 25))

        // When its run (a task of its own, which the clock cancels) returns
        let report = try await Task { try await worker.run(until: .idle) }.value

        // Then its decided completions are committed and the jobs it held are pending again
        #expect(report.batches >= 2)
        #expect(report.completed + report.failed > 10)
        #expect(report.completed + report.failed < Self.jobCount)
        #expect(try queue.holders.isEmpty)
        #expect(try queue.unfinishedJobCount() == queue.pendingJobs().count)
        #expect(try queue.pendingJobs().count == Self.jobCount - report.completed - report.failed)
    }
}

/// A virtual clock that cancels its sleeper's task at its `afterSleeps`-th wait, as a stop signal would.
final class CancellingClock: SyncClock {
    private let time = VirtualClock()
    private let sleeps = Mutex(0)
    let afterSleeps: Int

    init(afterSleeps: Int) {
        self.afterSleeps = afterSleeps
    }

    func now() -> Duration { time.now() }

    var isSimulated: Bool { true }

    func sleep(until deadline: Duration) async throws {
        let count = sleeps.withLock { $0 += 1; return $0 }
        if count == afterSleeps {
            withUnsafeCurrentTask { $0?.cancel() }
        }
        try await time.sleep(until: deadline)
    }
}

/// A simulated clock of its own whose every wait also moves `stalled` (the store's and the lease
/// clock's time) by `stall`: a machine that stalls while the worker waits. Its `cancellingAfter`-th
/// wait cancels the sleeper's task, so a worker that never stops waiting fails instead of hanging.
final class StallingClock: SyncClock {
    private let time = VirtualClock()
    private let count = Mutex(0)
    let stalled: VirtualClock
    let stall: Duration
    let cancellingAfter: Int

    init(stalling stalled: VirtualClock, by stall: Duration, cancellingAfter: Int) {
        self.stalled = stalled
        self.stall = stall
        self.cancellingAfter = cancellingAfter
    }

    var sleeps: Int { count.withLock { $0 } }

    func now() -> Duration { time.now() }

    var isSimulated: Bool { true }

    func sleep(until deadline: Duration) async throws {
        if count.withLock({ $0 += 1; return $0 }) >= cancellingAfter {
            withUnsafeCurrentTask { $0?.cancel() }
        }
        stalled.advance(by: stall)
        try await time.sleep(until: deadline)
    }
}

/// A simulation clock whose every wait moves a shared time by `jump`, whatever the deadline: a
/// worker stalled between two steps (a long pause, a slow machine).
struct JumpingClock: SyncClock {
    let time: VirtualClock
    let jump: Duration

    func now() -> Duration { time.now() }

    var isSimulated: Bool { true }

    func sleep(until deadline: Duration) async throws {
        try Task.checkCancellation()
        time.advance(by: jump)
    }
}

@Suite(.blockingWork) struct JobLeasesTests {
    @Test func aRenewalIsDueAfterAThirdOfTheLease() {
        var leases = JobLeases(lease: .seconds(30))
        #expect(!leases.isRenewalDue(at: .seconds(100)), "nothing held, nothing to renew")
        leases.claimed([3, 1, 2], at: .seconds(5))
        #expect(leases.leaseMilliseconds == 30_000)
        #expect(!leases.isRenewalDue(at: .seconds(14)))
        #expect(leases.isRenewalDue(at: .seconds(15)))
        let lost = leases.renewed(kept: [1, 3], at: .seconds(15))
        #expect(lost == [2])
        #expect(leases.held == [1, 3])
        #expect(leases.nextRenewal == .seconds(25))
        leases.release([1])
        #expect(leases.held == [3])
    }
}
