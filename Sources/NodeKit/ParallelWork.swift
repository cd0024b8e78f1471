import Dispatch
import Foundation
import Synchronization

/// Runs independent jobs on several threads at once and collects their results in order.
///
/// Workers pull the next indices from a shared atomic counter, so uneven jobs balance out. They
/// take them in chunks that shrink as the work runs out (an eighth of what is left per worker,
/// at least one): the counter, and the result slots next to each other, are cache lines both
/// cores write, and each pull from the other core's turn costs a handoff of them; one job at a
/// time near the end keeps the workers finishing together. With a width of 1 the jobs run on the
/// calling thread, in order — the serial baseline. Public for the feed, which measures its cells
/// the same way outside a data controller.
public enum ParallelWork {
    /// The default width: every active core.
    public static var defaultWidth: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Computes `job(i)` for `0..<count` on up to `width` threads; returns the results by index.
    public static func map<T: Sendable>(count: Int, width: Int, _ job: @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let workers = max(1, min(width, count))
        if workers == 1 { return (0..<count).map(job) }
        let results = ResultSlots<T>(count: count)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let left = count - next.load(ordering: .relaxed)
                let chunk = max(1, left / (8 * workers))
                let start = next.wrappingAdd(chunk, ordering: .relaxed).oldValue
                guard start < count else { return }
                for index in start..<min(start + chunk, count) {
                    results.store(job(index), at: index)
                }
            }
        }
        return results.takeValues()
    }
}

/// Write-once result slots filled from several threads, without a lock.
///
/// `@unchecked Sendable`: each index is written exactly once, by the one worker that took it
/// from the atomic counter, so no two threads touch the same slot; ``takeValues()`` runs after
/// `concurrentPerform` has returned, which orders every write before the read. (A `Mutex`
/// around the whole array made every store a point where the workers wait for each other.)
private final class ResultSlots<T: Sendable>: @unchecked Sendable {
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
    /// increment, here on objects the other worker made).
    func takeValues() -> [T] {
        Array(unsafeUninitializedCapacity: slots.count) { buffer, initialized in
            for index in slots.indices {
                (buffer.baseAddress! + index).initialize(to: slots[index].take()!)
            }
            initialized = slots.count
        }
    }
}
