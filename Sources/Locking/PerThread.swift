#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `Value` per thread, made on first use by that thread and released when it exits (a
/// pthread key with a destructor).
///
/// For the text engine's per-thread scratch state (``ShapingBuffer``, ``ThreadWordCache``,
/// ``RecentShapedTexts``): a thread reaches only its own instance, so the instance needs no lock.
final class PerThread<Value: AnyObject>: @unchecked Sendable {
    // @unchecked: the key is an integer handle set once in init; `make` is a Sendable closure.
    private let key: pthread_key_t
    private let make: @Sendable () -> Value

    init(_ make: @escaping @Sendable () -> Value) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { value in
            if let value { Unmanaged<AnyObject>.fromOpaque(value).release() }
        }
        precondition(status == 0, "TextLayout: cannot create a thread key (\(status))")
        self.key = key
        self.make = make
    }

    /// The calling thread's instance.
    var current: Value { instance.takeUnretainedValue() }

    /// Runs `body` with the calling thread's instance, which is not retained for it: the thread's
    /// key holds the instance until the thread exits, so it outlives the call. For hot paths,
    /// where ``current``'s strong reference costs an atomic increment and decrement.
    @inline(__always)
    func withCurrent<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
        try instance._withUnsafeGuaranteedRef(body)
    }

    /// The calling thread's instance, made on first use.
    private var instance: Unmanaged<Value> {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<Value>.fromOpaque(existing)
        }
        let value = Unmanaged.passRetained(make())
        pthread_setspecific(key, value.toOpaque())
        return value
    }
}
