import CHarfBuzz
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `hb_buffer_t` per thread, reused by every shaping call on that thread.
///
/// Creating and destroying a buffer per measurement cost a few allocations each time; a thread
/// shapes one item at a time, so one buffer per thread suffices. Callers clear it before use
/// (`hb_buffer_clear_contents`, which also resets the segment properties). The buffer lives in
/// thread-specific storage (a pthread key) and is destroyed when its thread exits.
enum ShapingBuffer {
    private struct Key: @unchecked Sendable {  // a pthread key is an integer handle, set once
        let value: pthread_key_t
    }

    private static let key: Key = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { buffer in
            hb_buffer_destroy(OpaquePointer(buffer))
        }
        precondition(status == 0, "TextLayout: cannot create the shaping buffers' thread key (\(status))")
        return Key(value: key)
    }()

    /// The calling thread's buffer, created on first use.
    static var current: OpaquePointer {
        let key = key.value
        if let existing = pthread_getspecific(key) { return OpaquePointer(existing) }
        let buffer = hb_buffer_create()!
        pthread_setspecific(key, UnsafeRawPointer(buffer))
        return buffer
    }
}
