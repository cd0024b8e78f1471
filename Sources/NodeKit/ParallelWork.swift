import Dispatch
import Foundation
import Synchronization

/// Runs independent jobs on several threads at once and collects their results in order.
///
/// Workers pull the next index from a shared atomic counter, so uneven jobs balance out. With a
/// width of 1 the jobs run on the calling thread, in order — the serial baseline.
enum ParallelWork {
    /// The default width: every active core.
    static var defaultWidth: Int { ProcessInfo.processInfo.activeProcessorCount }

    /// Computes `job(i)` for `0..<count` on up to `width` threads; returns the results by index.
    static func map<T: Sendable>(count: Int, width: Int, _ job: @Sendable (Int) -> T) -> [T] {
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

/// Write-once result slots filled from several threads.
///
/// `@unchecked Sendable`: the slots live in a Mutex; each index is written once.
private final class ResultSlots<T: Sendable>: @unchecked Sendable {
    private let slots: Mutex<[T?]>

    init(count: Int) {
        slots = Mutex(Array(repeating: nil, count: count))
    }

    func store(_ value: T, at index: Int) { slots.withLock { $0[index] = value } }

    func values() -> [T] { slots.withLock { $0.map { $0! } } }
}
