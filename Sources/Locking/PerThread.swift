#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `Value` per thread, made on first use by that thread and released when it exits (a
/// pthread key with a destructor): Swift has no thread-local variables.
///
/// For state that only its own thread reaches, and so needs no lock: the text engine's scratch
/// buffers and per-thread caches, NodeKit's innermost running subnode collector.
///
/// `@unchecked Sendable`: the key is an integer handle set once in `init`, and `make` is a
/// `Sendable` closure; each thread reaches only its own instance.
///
/// ```swift
/// final class Scratch { var bytes: [UInt8] = [] }
/// let scratch = PerThread { Scratch() }
/// scratch.withCurrent { $0.bytes.removeAll(keepingCapacity: true) }
/// ```
public final class PerThread<Value: AnyObject>: @unchecked Sendable {
    @usableFromInline let key: pthread_key_t
    @usableFromInline let make: @Sendable () -> Value

    public init(_ make: @escaping @Sendable () -> Value) {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { value in
            if let value { Unmanaged<AnyObject>.fromOpaque(value).release() }
        }
        precondition(status == 0, "PerThread: cannot create a thread key (\(status))")
        self.key = key
        self.make = make
    }

    /// The calling thread's instance.
    @inlinable
    public var current: Value { instance.takeUnretainedValue() }

    /// Runs `body` with the calling thread's instance, which is not retained for it: the thread's
    /// key holds the instance until the thread exits, so it outlives the call. For hot paths,
    /// where ``current``'s strong reference costs an atomic increment and decrement.
    @inlinable @inline(__always)
    public func withCurrent<Result>(_ body: (Value) throws -> Result) rethrows -> Result {
        try instance._withUnsafeGuaranteedRef(body)
    }

    /// The calling thread's instance, made on first use.
    @inlinable
    var instance: Unmanaged<Value> {
        if let existing = pthread_getspecific(key) {
            return Unmanaged<Value>.fromOpaque(existing)
        }
        return makeInstance()
    }

    @usableFromInline
    func makeInstance() -> Unmanaged<Value> {
        let value = Unmanaged.passRetained(make())
        pthread_setspecific(key, value.toOpaque())
        return value
    }
}
