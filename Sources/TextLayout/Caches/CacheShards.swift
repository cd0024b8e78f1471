#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A fixed set of lock-protected values, each on its own cache lines: the shards of a
/// ``GenerationalCache``.
///
/// Unlike an array of ``Locked`` instances, reaching a shard is pointer arithmetic: no class
/// instance is retained and released per access, so threads hitting the cache at once do not
/// bounce a shared reference count between their cores, and two shards never share a cache line.
/// The locks are `pthread_mutex_t`s, which the thread sanitizer understands.
///
/// `@unchecked Sendable`: every shard's value is reached only through ``withShard(_:_:)``, under
/// that shard's mutex; the storage is allocated in `init` and freed in `deinit`.
final class CacheShards<Shard: Sendable>: @unchecked Sendable {
    private struct Slot {
        var mutex: pthread_mutex_t
        var value: Shard
    }

    /// Bytes from one slot to the next: a whole number of 128-byte blocks (two cache lines, as
    /// adjacent-line prefetchers pair them).
    private static var stride: Int { (MemoryLayout<Slot>.stride + 127) / 128 * 128 }

    private let base: UnsafeMutableRawPointer
    let count: Int

    /// `count` shards (at least one), each starting as `make()`.
    init(count: Int, _ make: () -> Shard) {
        self.count = max(1, count)
        base = .allocate(byteCount: Self.stride * self.count, alignment: 128)
        for index in 0..<self.count {
            let slot = slot(index)
            slot.initialize(to: Slot(mutex: pthread_mutex_t(), value: make()))
            pthread_mutex_init(mutex(slot), nil)
        }
    }

    deinit {
        for index in 0..<count {
            let slot = slot(index)
            pthread_mutex_destroy(mutex(slot))
            slot.deinitialize(count: 1)
        }
        base.deallocate()
    }

    @inline(__always)
    private func slot(_ index: Int) -> UnsafeMutablePointer<Slot> {
        (base + index &* Self.stride).assumingMemoryBound(to: Slot.self)
    }

    /// The slot's mutex, at a fixed address (never a temporary copy).
    @inline(__always)
    private func mutex(_ slot: UnsafeMutablePointer<Slot>) -> UnsafeMutablePointer<pthread_mutex_t> {
        (UnsafeMutableRawPointer(slot) + MemoryLayout<Slot>.offset(of: \.mutex)!)
            .assumingMemoryBound(to: pthread_mutex_t.self)
    }

    /// Runs `body` with exclusive access to the shard `index` (which must be below ``count``).
    @inline(__always)
    func withShard<Result>(_ index: Int, _ body: (inout Shard) throws -> Result) rethrows -> Result {
        let slot = slot(index)
        let mutex = mutex(slot)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&slot.pointee.value)
    }

    /// The shard a well-mixed hash picks.
    @inline(__always)
    func index(for hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash % UInt64(count))
    }
}
