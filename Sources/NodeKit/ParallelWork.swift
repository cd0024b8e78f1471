import Foundation
import Synchronization

/// Runs independent jobs on several threads at once and collects their results in order.
///
/// The calling thread is one of the workers; the others are ``HelperThreads``, which stay parked
/// between runs, so handing a run to them allocates nothing. Workers pull the next indices from a shared atomic counter, so uneven jobs balance out. They
/// take them in chunks that shrink as the work runs out (``claimChunk(of:workers:)``). With a width
/// of 1 the jobs run on the calling thread, in order — the serial baseline. Public for the feed,
/// which measures its cells the same way outside a data controller.
public enum ParallelWork {
    /// The default width: every active core.
    public static var defaultWidth: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Computes `job(i)` for `0..<count` on up to `width` threads; returns the results by index.
    /// The other threads are ``HelperThreads``, as in ``map(count:width:producing:_:)``, whose
    /// inputs here are the indices.
    public static func map<T: Sendable>(count: Int, width: Int, _ job: @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let workers = max(1, min(width, count))
        if workers == 1 { return (0..<count).map(job) }
        // The run holds the job only while this call lasts: the helpers borrow the run, and it
        // ends before `map` returns.
        return withoutActuallyEscaping(job) { job in
            map(count: count, width: workers, producing: { publish in
                for index in 0..<count { publish(index) }
            }) { index in job(index) }.results
        }
    }

    /// Runs `job` on each of the `count` inputs that `produce` publishes, on up to `width` threads,
    /// and returns what `produce` returned with the jobs' results in publishing order.
    ///
    /// `produce` runs on the calling thread, so it may do what only that thread may (ask a data
    /// source, change the caller's state); it must publish exactly `count` inputs. The other
    /// workers are woken first and run the jobs of the inputs published so far, waiting for the
    /// next one when they are ahead; the calling thread joins them once it has published the last.
    /// So the serial steps that make the inputs overlap the parallel work instead of preceding it.
    /// Jobs must not depend on what `produce` does after publishing their input.
    public static func map<Input: Sendable, T: Sendable, Produced>(
        count: Int, width: Int,
        producing produce: (_ publish: Publisher<Input>) -> Produced,
        _ job: @escaping @Sendable (borrowing Input) -> T
    ) -> (produced: Produced, results: [T]) {
        let run = PipelinedRun(count: count, helpers: max(1, min(width, count)) - 1, job: job)
        run.startHelpers()
        let produced = produce(Publisher { run.publish($0) })
        run.checkEveryInputPublished()
        run.work()
        return (produced, run.takeResults())
    }
}

extension ParallelWork {
    /// How the calling thread of ``map(count:width:producing:_:)`` publishes each input:
    /// `publish(input)`. Calling thread only.
    public struct Publisher<Input> {
        fileprivate let body: (consuming Input) -> Void

        public func callAsFunction(_ input: consuming Input) { body(input) }
    }
}

extension Atomic where Value == Int {
    /// The next chunk of `0..<count` for one of `workers` workers pulling from this counter, or
    /// `nil` when every index is taken: an eighth of what is left per worker, at least one. The
    /// counter, and result slots next to each other, are cache lines every worker writes, and each
    /// pull from another core's turn costs a handoff of them; one index at a time near the end
    /// keeps the workers finishing together.
    func claimChunk(of count: Int, workers: Int) -> Range<Int>? {
        let left = count - load(ordering: .relaxed)
        let chunk = Swift.max(1, left / (8 * workers))
        let start = wrappingAdd(chunk, ordering: .relaxed).oldValue
        guard start < count else { return nil }
        return start..<Swift.min(start + chunk, count)
    }
}

/// Write-once result slots filled from several threads, without a lock.
///
/// `@unchecked Sendable`: each index is written exactly once, by the one worker that claimed it,
/// so no two threads touch the same slot; ``takeValues()`` runs once ``PipelinedRun`` has seen
/// every helper that took its run finish, which orders every write before the read. (A `Mutex` around the whole array made every store a point
/// where the workers wait for each other.)
final class ResultSlots<T: Sendable>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<T?>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func store(_ value: T, at index: Int) { slots[index] = value }

    /// The results, moved out of their slots (not copied: a copy of a reference is an atomic
    /// increment, here on objects the other worker made). None for no slots: an array made with
    /// no capacity is the shared empty array, whose count `init(unsafeUninitializedCapacity:)`
    /// writes, and two threads doing so are a race to the thread sanitizer.
    func takeValues() -> [T] {
        guard !slots.isEmpty else { return [] }
        return Array(unsafeUninitializedCapacity: slots.count) { buffer, initialized in
            for index in slots.indices {
                (buffer.baseAddress! + index).initialize(to: slots[index].take()!)
            }
            initialized = slots.count
        }
    }
}
