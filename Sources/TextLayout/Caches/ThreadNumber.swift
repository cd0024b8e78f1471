import Locking

/// The calling thread's number: the smallest number no other living thread holds, taken when the
/// thread first asks and given back when it exits. Numbers stay dense however many threads come
/// and go (a dispatch pool replaces idle workers), so the threads alive at once spread over the
/// partitions of a cache (``TextLayoutCache``) as long as there are enough partitions.
enum ThreadNumber {
    /// The numbers given back, and the next never handed out.
    private static let pool = Locked((free: Set<Int>(), next: 0))

    /// A thread's number, kept in its ``PerThread`` slot and given back when the thread exits.
    private final class Number {
        let value: Int

        init() {
            value = ThreadNumber.pool.withLock { pool in
                if let smallest = pool.free.min() {
                    pool.free.remove(smallest)
                    return smallest
                }
                defer { pool.next += 1 }
                return pool.next
            }
        }

        deinit {
            let value = value
            ThreadNumber.pool.withLock { _ = $0.free.insert(value) }
        }
    }

    private static let perThread = PerThread { Number() }

    /// The calling thread's number.
    static var current: Int { perThread.withCurrent { $0.value } }
}
