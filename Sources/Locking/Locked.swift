#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value guarded by a `pthread_mutex_t`, with the `withLock` shape of `Synchronization.Mutex`.
///
/// Used for the shared caches that many threads hit at once (the text measurement and word
/// caches, the feed's cell cache). On Linux, ThreadSanitizer cannot see `Mutex` — the prebuilt
/// `Synchronization` module is not instrumented — and reports races inside every critical section
/// (docs/concurrency.md); it does intercept pthread mutexes, so with this lock its reports mean
/// something. Node state stays in `Mutex`, which needs no allocation per node.
///
/// `@unchecked Sendable`: the value is reached only through ``withLock(_:)``, under the mutex.
///
/// ```swift
/// let counts = Locked([String: Int]())
/// counts.withLock { $0["hits", default: 0] += 1 }
/// ```
public final class Locked<Value: Sendable>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    public init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

extension Locked where Value == Void {
    /// A lock that guards state kept elsewhere: runs `body` under the mutex. It never takes the
    /// empty value `inout`: the thread sanitizer placed that zero-sized access at the object's
    /// own address and reported it against a thread reading the object to take the lock.
    public func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
