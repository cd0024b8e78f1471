import Dispatch
import Foundation
import Synchronization

/// Runs independent jobs on several threads at once and collects their results in order.
///
/// Workers pull the next index from a shared atomic counter, so uneven jobs balance out. With a
/// width of 1 the jobs run on the calling thread, in order — the serial baseline. Public for the
/// feed, which measures its cells the same way outside a data controller.
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
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                results.store(job(index), at: index)
            }
        }
        return results.values()
    }
}

/// Write-once result slots filled from several threads, without a lock.
///
/// `@unchecked Sendable`: each index is written exactly once, by the one worker that took it
/// from the atomic counter, so no two threads touch the same slot; ``values()`` runs after
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

    func values() -> [T] { slots.map { $0! } }
}
