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
    var current: Value {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<Value>.fromOpaque(existing).takeUnretainedValue()
        }
        let value = make()
        pthread_setspecific(key, Unmanaged.passRetained(value).toOpaque())
        return value
    }
}
