import CSharedCount
import Foundation

/// A run of jobs that its calling thread shares with ``HelperThreads``: the base of
/// ``PipelinedRun``. The caller starts the helpers, works on the jobs itself, then stops the
/// helpers, after which no other thread touches the run.
///
/// `@unchecked Sendable`: the helper numbers are written and read by the calling thread only;
/// the finished count is a C atomic that each helper increments once, with release ordering,
/// after its last access to the run, and that the caller reads with acquire ordering.
class HelperRun: @unchecked Sendable {
    /// Helpers wanted.
    let helpers: Int
    /// [0]: helpers finished; [1...]: the helper threads the run was posted to.
    private let counts: UnsafeMutablePointer<Int>
    /// How many helper numbers `counts` holds (calling thread only).
    private var posted = 0

    init(helpers: Int) {
        self.helpers = helpers
        counts = .allocate(capacity: 1 + helpers)
        counts.initialize(repeating: 0, count: 1 + helpers)
    }

    deinit {
        counts.deallocate()
    }

    /// Where the helpers count themselves finished (``HelperThreads`` only).
    final var finishedHelpers: UnsafeMutablePointer<Int> { counts }

    /// Claims and runs jobs until none is left; runs on the calling thread and on each helper.
    func work() {
        preconditionFailure("a HelperRun subclass runs the jobs")
    }

    /// Posts the run to up to ``helpers`` helper threads (calling thread only, once).
    final func startHelpers() {
        posted = HelperThreads.shared.post(self, count: helpers, into: counts + 1)
    }

    /// Returns once no helper touches the run any more: takes it back from the helpers that have
    /// not taken it yet, then waits for the others to finish (calling thread only, after its own
    /// ``work()``, which left no job unclaimed).
    final func stopHelpers() {
        var running = 0
        for index in 0..<posted where !HelperThreads.shared.retract(self, from: counts[1 + index]) {
            running += 1
        }
        var spins = 0
        while photofeed_count_load(counts) < running { Self.back(off: &spins) }
    }

    /// A wait step: a few spins, then giving the core away (the awaited thread may share it),
    /// then, after about a millisecond of that, short sleeps. Waits are short when the awaited
    /// thread is running (a helper finishing its last job, a calling thread publishing inputs
    /// faster than the jobs take them); a slow producer gets helpers that sleep rather than ones
    /// that keep a core busy.
    static func back(off spins: inout Int) {
        spins += 1
        if spins > 1_000 {
            usleep(20)
        } else if spins > 64 {
            sched_yield()
        }
    }
}
