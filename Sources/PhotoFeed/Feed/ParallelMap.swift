import Dispatch
import Foundation
import Synchronization

/// Maps independent jobs over all cores and returns the results in order.
///
/// Workers take the next index from an atomic counter, so cells of uneven cost balance out.
/// A width of 1 (or a single job) runs on the calling thread.
enum ParallelMap {
    static var defaultWidth: Int { ProcessInfo.processInfo.activeProcessorCount }

    static func map<T: Sendable>(count: Int, width: Int = defaultWidth, _ job: @Sendable (Int) -> T) -> [T] {
        guard count > 0 else { return [] }
        let workers = max(1, min(width, count))
        if workers == 1 { return (0..<count).map(job) }
        let slots = Slots<T>(count: count)
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < count else { return }
                slots.store(job(index), at: index)
            }
        }
        return slots.values()
    }

    /// Write-once result slots. `@unchecked Sendable`: the array lives in a Mutex.
    private final class Slots<T: Sendable>: @unchecked Sendable {
        private let storage: Mutex<[T?]>

        init(count: Int) { storage = Mutex(Array(repeating: nil, count: count)) }

        func store(_ value: T, at index: Int) { storage.withLock { $0[index] = value } }

        func values() -> [T] { storage.withLock { $0.map { $0! } } }
    }
}
