import CSharedCount
import Synchronization

/// One ``ParallelWork/map(count:width:producing:_:)``: inputs that the calling thread publishes
/// one by one, jobs run on them by helper threads (``HelperThreads``) and then by the calling
/// thread too, and the results by input index.
///
/// `@unchecked Sendable`, because its slots are shared without a lock:
/// - each input slot is written once, by the calling thread, before the published count covers it
///   (a release store); a worker reads it only after seeing the count cover it (an acquire load);
/// - each result slot is written once, by the worker that claimed its index;
/// - the calling thread reads the results and destroys the inputs only once every helper that
///   took the run has counted itself finished (release, read with acquire); a helper that had not
///   taken it by then finds it retracted and never touches it (``HelperRun/stopHelpers()``).
/// The counts live in C (``CSharedCount``), whose atomics a thread-sanitized build instruments
/// (Swift's `Atomic` is invisible to it on Linux). Its silence is weak evidence here, though: a
/// mutant with relaxed ordering passed the sanitized tests too, and on x86, which keeps stores in
/// order whatever ordering is asked, no result can show such a mutant. The order rests on the
/// argument above.
final class PipelinedRun<Input: Sendable, Output: Sendable>: HelperRun, @unchecked Sendable {
    private let count: Int
    private let job: @Sendable (borrowing Input) -> Output
    private let inputs: UnsafeMutablePointer<Input>
    private let results: ResultSlots<Output>
    private let next = Atomic<Int>(0)
    /// Inputs published.
    private let published: UnsafeMutablePointer<Int>

    init(count: Int, helpers: Int, job: @escaping @Sendable (borrowing Input) -> Output) {
        self.count = count
        self.job = job
        inputs = .allocate(capacity: count)
        results = ResultSlots(count: count)
        published = .allocate(capacity: 1)
        published.initialize(to: 0)
        super.init(helpers: helpers)
    }

    deinit {
        inputs.deallocate()
        published.deallocate()
    }

    /// Checks that the calling thread published every input announced: a worker would otherwise
    /// wait for the missing ones forever.
    func checkEveryInputPublished() {
        precondition(published.pointee == count, "published \(published.pointee) of the \(count) inputs announced")
    }

    /// Publishes the next input (calling thread only).
    func publish(_ input: consuming Input) {
        let index = published.pointee  // only this thread writes it
        precondition(index < count, "published more than the \(count) inputs announced")
        (inputs + index).initialize(to: input)
        photofeed_count_store(published, index + 1)
    }

    /// Claims and runs jobs until every index is claimed, waiting for inputs not yet published
    /// (on the calling thread, once it has published every input).
    override func work() {
        let workers = helpers + 1
        while let chunk = next.claimChunk(of: count, workers: workers) {
            for index in chunk {
                var spins = 0
                while photofeed_count_load(published) <= index { Self.back(off: &spins) }
                results.store(job((inputs + index).pointee), at: index)
            }
        }
    }

    /// The results once no helper touches the run any more (calling thread only, after its own
    /// ``work()``); destroys the inputs.
    func takeResults() -> [Output] {
        stopHelpers()
        inputs.deinitialize(count: count)
        return results.takeValues()
    }
}
