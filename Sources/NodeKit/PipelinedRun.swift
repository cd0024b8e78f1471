import CSharedCount
import Dispatch
import Foundation
import Synchronization

/// One ``ParallelWork/map(count:width:producing:_:)``: inputs that the calling thread publishes
/// one by one, jobs run on them by helper threads and then by the calling thread too, and the
/// results by input index.
///
/// `@unchecked Sendable`, because its slots are shared without a lock:
/// - each input slot is written once, by the calling thread, before the published count covers it
///   (a release store); a worker reads it only after seeing the count cover it (an acquire load);
/// - each result slot is written once, by the worker that claimed its index;
/// - the calling thread reads the results and destroys the inputs only once every helper that
///   started has finished (each adds to `finished` with release ordering, which the caller reads
///   with acquire); a helper that had not started by then is cancelled and touches no slot.
/// The counts live in C (``CSharedCount``), whose atomics a thread-sanitized build instruments
/// (Swift's `Atomic` is invisible to it on Linux). Its silence is weak evidence here, though: a
/// mutant with relaxed ordering passed the sanitized tests too, and on x86, which keeps stores in
/// order whatever ordering is asked, no result can show such a mutant. The order rests on the
/// argument above.
final class PipelinedRun<Input: Sendable, Output: Sendable>: @unchecked Sendable {
    private let count: Int
    private let helpers: Int
    private let job: @Sendable (borrowing Input) -> Output
    private let inputs: UnsafeMutablePointer<Input>
    private let results: ResultSlots<Output>
    private let next = Atomic<Int>(0)
    /// [0]: inputs published; [1]: helpers finished; [2 + i]: helper i's ``HelperState``.
    private let counts: UnsafeMutablePointer<Int>

    private enum HelperState: Int {
        case waiting, running, cancelled
    }

    init(count: Int, helpers: Int, job: @escaping @Sendable (borrowing Input) -> Output) {
        self.count = count
        self.helpers = helpers
        self.job = job
        inputs = .allocate(capacity: count)
        results = ResultSlots(count: count)
        counts = .allocate(capacity: 2 + helpers)
        counts.initialize(repeating: 0, count: 2 + helpers)  // none published or finished; all waiting
    }

    deinit {
        inputs.deallocate()
        counts.deallocate()
    }

    /// Sends the helpers to the global queue; each works until every index is claimed.
    func startHelpers() {
        for helper in 0..<helpers {
            DispatchQueue.global(qos: .userInitiated).async { [self] in
                let state = counts + 2 + helper
                guard photofeed_count_replace(state, HelperState.waiting.rawValue, HelperState.running.rawValue) != 0
                else { return }  // cancelled: the run is over
                work()
                _ = photofeed_count_increment(counts + 1)
            }
        }
    }

    /// Checks that the calling thread published every input announced: a worker would otherwise
    /// wait for the missing ones forever.
    func checkEveryInputPublished() {
        precondition(counts[0] == count, "published \(counts[0]) of the \(count) inputs announced")
    }

    /// Publishes the next input (calling thread only).
    func publish(_ input: consuming Input) {
        let published = counts[0]  // only this thread writes it
        precondition(published < count, "published more than the \(count) inputs announced")
        (inputs + published).initialize(to: input)
        photofeed_count_store(counts, published + 1)
    }

    /// Claims and runs jobs until every index is claimed, waiting for inputs not yet published
    /// (on the calling thread, once it has published every input).
    func work() {
        let workers = helpers + 1
        while let chunk = next.claimChunk(of: count, workers: workers) {
            for index in chunk {
                var spins = 0
                while photofeed_count_load(counts) <= index { Self.back(off: &spins) }
                results.store(job((inputs + index).pointee), at: index)
            }
        }
    }

    /// The results once every helper that started has finished (calling thread only, after its
    /// own ``work()``); destroys the inputs.
    func takeResults() -> [Output] {
        var running = 0
        for helper in 0..<helpers {
            let cancelled = photofeed_count_replace(counts + 2 + helper, HelperState.waiting.rawValue,
                                                    HelperState.cancelled.rawValue) != 0
            if !cancelled { running += 1 }
        }
        var spins = 0
        while photofeed_count_load(counts + 1) < running { Self.back(off: &spins) }
        inputs.deinitialize(count: count)
        return results.takeValues()
    }

    /// A wait step: a few spins, then giving the core away (the awaited thread may share it),
    /// then, after about a millisecond of that, short sleeps. Waits are short when the calling
    /// thread makes inputs faster than the jobs take them (a few hundred nanoseconds per element
    /// against microseconds per cell); a slow producer gets helpers that sleep, which the
    /// dispatch pool counts as blocked, rather than ones that keep its threads busy.
    private static func back(off spins: inout Int) {
        spins += 1
        if spins > 1_000 {
            usleep(20)
        } else if spins > 64 {
            sched_yield()
        }
    }
}
